import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { ApiEnvelope } from '@tscloud/contracts';
import { loadConfig } from '../../src/config';
import { systemClock } from '../../src/clock';
import { openStore, pgliteDirFor } from '../../src/store/database';
import { createActiveUser, createSession } from '../../src/platform/accounts';
import { createOrganization } from '../../src/platform/orgs/org-service';
import { seedInstance } from '../../src/region';
import type { Caller } from '../orgs/helpers';

/**
 * The real server (`src/main.ts` through tsx) as its own process group on an embedded store under a data directory
 * of the test's, for what only a separate process shows: a kill -9 of the server and its engines at once.
 */
const serverMain = join(__dirname, '..', '..', 'src', 'main.ts');


export interface SeededOwner {
  caller: Caller;
  orgId: string;
  instanceId: string;
  /** the instance's gateway token */
  instanceToken: string;
}

/** An owner with a session, an organization and one instance asked to run, written into the store before a start. */
export async function seedOwner(dataDir: string, env: NodeJS.ProcessEnv, baseUrl: string): Promise<SeededOwner> {
  const store = await openStore({ pgliteDir: pgliteDirFor(dataDir), lockDir: dataDir });
  try {
    const clock = systemClock;
    const user = await createActiveUser(store.db, clock, { email: 'kill9.owner@example.com', password: null, firstName: 'Kill', lastName: 'Nine', accountStatus: 2 });
    const org = (await createOrganization(store.db, clock, { owner: user, name: 'Kill nine' }))!;
    const { id, token: instanceToken } = await seedInstance({ store, clock, config: loadConfig(env) }, { orgId: org.id, alias: 'crashed', createdBy: user.id });
    const { token } = await createSession(store.db, clock, user.id);
    return { caller: httpCaller(baseUrl, user, token), orgId: org.id, instanceId: id, instanceToken: instanceToken! };
  } finally {
    await store.close();
  }
}

/** A Caller (as the in-process tests have) whose calls go over HTTP to whichever server listens at baseUrl. */
function httpCaller(baseUrl: string, user: Caller['user'], token: string): Caller {
  return {
    user,
    token,
    call: async <T>(method: string, url: string, body?: unknown, orgId?: string | null, extra?: Record<string, string>) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...(extra ?? {}) };
      if (orgId) headers['account-id'] = orgId;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${baseUrl}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return (await res.json()) as ApiEnvelope<T>;
    },
  };
}

/** One run of the server: started detached (its own process group, which its engines join). */
export class ServerProcess {
  readonly output: string[] = [];
  private readonly child: ChildProcess;
  readonly exited: Promise<number | null>;

  constructor(env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, ['--import', 'tsx', serverMain], { env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => this.output.push(chunk.toString()));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The last lines the server printed (for a failure's message). */
  tail(): string {
    return this.output.join('').slice(-3000);
  }

  /** Like a machine crash: the server and every engine it started die at once, nothing handed back. */
  async kill9(): Promise<void> {
    process.kill(-this.child.pid!, 'SIGKILL');
    await this.exited;
  }

  /** Ends the test's run (what is left of the group when a test failed half-way). */
  async end(): Promise<void> {
    if (!this.running) return;
    process.kill(-this.child.pid!, 'SIGKILL');
    await this.exited;
  }

  /** Waits until `ready` says so, failing early when the server exited. */
  async waitUntil(ready: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await ready().catch(() => false))) {
      if (!this.running) throw new Error(`the server exited while waiting for ${what}\n${this.tail()}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${this.tail()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
