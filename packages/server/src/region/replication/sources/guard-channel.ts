import { randomUUID } from 'node:crypto';
import { BroadcastChannel } from 'node:worker_threads';
import { SourceBlocked } from './guard';
import type { TargetGuard } from './target';

/**
 * The guard for a task's worker thread. The worker has no store (the engine list and the instance's organization
 * live there) and the runner hands it plain data only, so it asks the main thread over a BroadcastChannel, which
 * every server process serves (serveSourceGuard, registered with the data-in routes). No answer: refused.
 */
const CHANNEL = 'tscloud:datain-source-guard';
const ANSWER_MS = 15_000;

interface GuardQuestion {
  id: string;
  instanceId: string;
  connector: string;
  host: string;
  port: number;
}

type GuardAnswer = { id: string; address: string } | { id: string; blocked: string } | { id: string; error: string };

/** Answers the workers' questions with `guardFor(instanceId)`; the returned function stops serving. */
export function serveSourceGuard(guardFor: (instanceId: string) => Promise<TargetGuard>): () => void {
  const channel = new BroadcastChannel(CHANNEL);
  channel.unref();
  channel.onmessage = async (event) => {
    const question = (event as MessageEvent).data as GuardQuestion | GuardAnswer;
    if (!('instanceId' in question)) return; // another server's answer
    let answer: GuardAnswer;
    try {
      const guard = await guardFor(question.instanceId);
      answer = { id: question.id, address: await guard(question.connector, question.host, question.port) };
    } catch (error) {
      answer = error instanceof SourceBlocked ? { id: question.id, blocked: error.detail } : { id: question.id, error: (error as Error).message };
    }
    channel.postMessage(answer);
  };
  return () => channel.close();
}

/** A guard that asks the main thread about a target of the given instance's task. */
export function remoteGuard(instanceId: string): TargetGuard {
  return (connector, host, port) =>
    new Promise<string>((resolve, reject) => {
      const channel = new BroadcastChannel(CHANNEL);
      const id = randomUUID();
      const finish = (outcome: () => void) => {
        clearTimeout(timer);
        channel.close();
        outcome();
      };
      const timer = setTimeout(() => finish(() => reject(new SourceBlocked('the source guard did not answer'))), ANSWER_MS);
      channel.onmessage = (event) => {
        const answer = (event as MessageEvent).data as GuardAnswer | GuardQuestion;
        if (answer.id !== id || 'instanceId' in answer) return;
        if ('address' in answer) finish(() => resolve(answer.address));
        else if ('blocked' in answer) finish(() => reject(new SourceBlocked(answer.blocked)));
        else finish(() => reject(new Error(answer.error)));
      };
      channel.postMessage({ id, instanceId, connector, host, port } satisfies GuardQuestion);
    });
}
