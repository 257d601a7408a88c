import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../../../src/engine';
import { handleSql } from '../../../src/server/rest-sql';
import { basicAuthorization } from './as-user';
import type { CaseUser } from './case-file';
import type { Difference } from './compare';
import { compareAnswer } from './compare';
import { parseExactJson } from './exact-json';
import type { GoldenStatement, RestAnswer, RestBody } from './golden';
import { loadCase } from './golden';

export interface StatementOutcome {
  statement: GoldenStatement;
  got: RestAnswer;
  difference?: Difference;
}

export interface FileOutcome {
  file: string;
  outcomes: StatementOutcome[];
  ms: number;
}

/**
 * Runs one case file on a fresh engine in a temp directory, each statement as one POST /rest/sql would run it (the
 * route's own handler, so the answer compared is the body a REST client gets; sent as root, or as the user of its
 * `@user` directive), and compares every answer.
 */
export async function runCaseFile(file: string): Promise<FileOutcome> {
  const started = Date.now();
  const statements = loadCase(file);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-'));
  const engine = await Engine.open({ dataDir: dir, keepExpiryIntervalMs: 0 });
  try {
    const outcomes: StatementOutcome[] = [];
    for (const statement of statements) {
      const got = await answer(engine, statement.sql, statement.user);
      outcomes.push({ statement, got, difference: compareAnswer(statement.mode, statement, got) });
    }
    return { file, outcomes, ms: Date.now() - started };
  } finally {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** As the recorder sent it to TDengine: the statement's user (or root) in a Basic header. */
async function answer(engine: Engine, sql: string, user: CaseUser | undefined): Promise<RestAnswer> {
  const res = await handleSql(engine, {
    query: new URLSearchParams(),
    authorization: basicAuthorization(user),
    body: sql,
    startedNs: process.hrtime.bigint(),
  });
  const body = parseExactJson(res.body) as unknown as RestBody & { timing?: number };
  delete body.timing;
  return { status: res.status, response: body };
}

/**
 * Runs case files with up to `jobs` at a time (each on its own engine, so they share nothing); the outcomes come back
 * in the order of `files`.
 */
export async function runCaseFiles(files: string[], jobs: number, onDone?: (outcome: FileOutcome) => void): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = new Array(files.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const i = next++;
      outcomes[i] = await runCaseFile(files[i]);
      onDone?.(outcomes[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return outcomes;
}
