/**
 * The recorder: sends a case file's statements, one request each and in file order, to a REST server that speaks
 * taosAdapter's protocol (a real TDengine 3.3.7.5 behind taosAdapter or the oracle's REST shim) and keeps its
 * answers as golden answers. Each statement goes as root with the default password, or as the user of its `@user`
 * directive — exactly as run-file.ts sends it to the engine.
 */
import fs from 'node:fs';
import { basicAuthorization } from './as-user';
import type { CaseStatement } from './case-file';
import { compareAnswer } from './compare';
import { parseExactJson } from './exact-json';
import type { GoldenStatement, RestAnswer, RestBody } from './golden';
import { goldenPath, isError, readCaseFile } from './golden';
import { goldenText } from './golden-text';

export interface Recording {
  file: string;
  statements: GoldenStatement[];
  /** statements whose answer differed between the two passes under their own comparison mode */
  unstable: GoldenStatement[];
}

/**
 * Records one case file twice (both passes from the file's own clean-up on) and writes the first pass's answers as
 * its golden file. A statement answered differently the second time depends on time or server state its mode does
 * not mask: it is reported, so the case file can be fixed before the golden answers are trusted.
 */
export async function recordCaseFile(baseUrl: string, file: string): Promise<Recording> {
  const cases = readCaseFile(file);
  const first = await recordAnswers(baseUrl, file, cases);
  const second = await recordAnswers(baseUrl, file, cases);
  const unstable = first.filter((s, i) => compareAnswer(s.mode, s, second[i]) !== undefined);
  fs.writeFileSync(goldenPath(file), goldenText(file, first));
  return { file, statements: first, unstable };
}

export async function recordAnswers(baseUrl: string, file: string, cases: CaseStatement[]): Promise<GoldenStatement[]> {
  const url = `${baseUrl.replace(/\/+$/, '')}/rest/sql`;
  const recorded: GoldenStatement[] = [];
  for (const s of cases) {
    let answer: RestAnswer;
    try {
      answer = await post(url, s);
    } catch (error) {
      throw new Error(`${file}#${s.index} (line ${s.line}): ${(error as Error).message}`, { cause: error });
    }
    recorded.push({ ...s, ...answer });
  }
  return recorded;
}

async function post(url: string, s: CaseStatement): Promise<RestAnswer> {
  const res = await fetch(url, { method: 'POST', headers: { Authorization: basicAuthorization(s.user) }, body: s.sql });
  const text = await res.text();
  let body: RestBody & { timing?: number };
  try {
    body = parseExactJson(text) as unknown as RestBody & { timing?: number };
  } catch {
    throw new Error(`HTTP ${res.status}, not a JSON body: ${text.slice(0, 200)}`);
  }
  delete body.timing;
  // a meta-only golden keeps the columns only: its rows depend on server-global state (corpus README)
  const response: RestBody = s.mode === 'meta-only' && !isError(body) ? { code: 0, column_meta: body.column_meta } : body;
  return { status: res.status, response };
}
