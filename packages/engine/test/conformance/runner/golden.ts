import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CaseStatement, CompareMode } from './case-file';
import { splitCaseFile } from './case-file';
import type { ExactJson } from './exact-json';
import { parseExactJson } from './exact-json';

/** The REST body without `timing` (corpus README, "Golden JSON format"). */
export interface RestSuccess {
  code: 0;
  column_meta: [string, string, number][];
  rows?: number;
  data?: ExactJson[][];
}
export interface RestError {
  code: number;
  desc: string;
}
export type RestBody = RestSuccess | RestError;

export interface RestAnswer {
  status: number;
  response: RestBody;
}

export interface GoldenStatement extends CaseStatement, RestAnswer {}

export const CORPUS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'corpus');

/** Case-file names (`01_databases.sql`, …) in run order. */
export function caseFiles(): string[] {
  return fs
    .readdirSync(path.join(CORPUS_DIR, 'cases'))
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** Where a case file's golden answers are. */
export function goldenPath(file: string): string {
  return path.join(CORPUS_DIR, 'golden', file.replace(/\.sql$/, '.json'));
}

export function readCaseFile(file: string): CaseStatement[] {
  return splitCaseFile(fs.readFileSync(path.join(CORPUS_DIR, 'cases', file), 'utf8'));
}

export function isError(body: RestBody): body is RestError {
  return body.code !== 0;
}

/**
 * The statements of one case file with their golden answers. The splitter's statements must agree with the golden
 * file's (sql, line, mode, and the `user` a non-root statement is sent as): a mismatch means the golden answers are out of date or the splitter is wrong.
 */
export function loadCase(file: string): GoldenStatement[] {
  const statements = readCaseFile(file);
  const golden = parseExactJson(fs.readFileSync(goldenPath(file), 'utf8')) as unknown as {
    statements: { index: number; line: number; mode: CompareMode; user?: string; sql: string; status: number; response: RestBody }[];
  };
  if (golden.statements.length !== statements.length) {
    throw new Error(`${file}: ${statements.length} statements, golden has ${golden.statements.length}`);
  }
  return statements.map((s, i) => {
    const g = golden.statements[i];
    if (g.sql !== s.sql || g.mode !== s.mode || g.line !== s.line || g.user !== s.user?.name) {
      throw new Error(`${file}#${i} (line ${s.line}): case file and golden disagree: ${JSON.stringify(s)} vs ${JSON.stringify(g)}`);
    }
    return { ...s, status: g.status, response: g.response };
  });
}
