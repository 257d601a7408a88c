import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine, type ResultSet } from 'tscloud-engine';
import { quoteName, quoteText } from '@tscloud/contracts/sql';

/** Texts that break naive escaping: quotes, backslashes next to quotes and at the end, LIKE escapes, an injection. */
const TEXTS = [
  "it's",
  'a\\b',
  '\\',
  'end\\',
  "\\'",
  "'\\",
  '\\\\',
  'say "hi"',
  '\\"',
  '100\\%_',
  '%_',
  "x\\' OR 1=1 -- ",
  "x' OR '1'='1",
  'line\nbreak\ttab',
  '\\n is not a newline',
  '雪 ❄',
];

describe('the engine SQL escaping (@tscloud/contracts/sql, used by server, web and engine)', () => {
  let engine: Engine;
  let dir: string;
  const run = async (sql: string) => (await engine.execute(sql, { user: 'root' })) as ResultSet;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sql-text-'));
    engine = await Engine.open({ dataDir: dir, limits: {} });
    await run('CREATE DATABASE quoting');
    await run('CREATE TABLE quoting.notes (ts TIMESTAMP, body VARCHAR(100), note NCHAR(100))');
  });
  afterAll(async () => {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads every literal back as the exact text', async () => {
    for (const text of TEXTS) {
      const result = await run(`SELECT ${quoteText(text)}`);
      expect(result.rows, text).toEqual([[text]]);
    }
  });

  it('stores the exact text and finds it again by equality, and only it', async () => {
    let ts = 1_700_000_000_000;
    for (const text of TEXTS) await run(`INSERT INTO quoting.notes VALUES (${ts++}, ${quoteText(text)}, ${quoteText(text)})`);
    const stored = await run('SELECT body, note FROM quoting.notes ORDER BY ts');
    expect(stored.rows).toEqual(TEXTS.map((text) => [text, text]));
    for (const text of TEXTS) {
      const found = await run(`SELECT body FROM quoting.notes WHERE body = ${quoteText(text)} AND note = ${quoteText(text)}`);
      expect(found.rows, text).toEqual([[text]]);
    }
  });

  it('reads every name back as the exact name', async () => {
    for (const name of ['plain', 'Mixed Case', 'back`quote', 'a\\b', "it's", 'select']) {
      const result = await run(`SELECT 1 AS ${quoteName(name)}`);
      expect(result.columns.map((c) => c.name), name).toEqual([name]);
    }
  });
});
