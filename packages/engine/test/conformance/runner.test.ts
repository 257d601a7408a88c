/** The runner's own pieces: the case-file splitter, the exact JSON reader and writer, the comparer's rules, the recorder. */
import fs from 'node:fs';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestServer } from '../../src/server/http-server';
import { openTestEngine, type TestEngine } from '../engine/helpers';
import { splitCaseFile } from './runner/case-file';
import { compareAnswer } from './runner/compare';
import { exactJsonText, parseExactJson } from './runner/exact-json';
import type { RestAnswer } from './runner/golden';
import { caseFiles, goldenPath, loadCase } from './runner/golden';
import { goldenText } from './runner/golden-text';
import { recordAnswers } from './runner/record';

describe('splitCaseFile', () => {
  it('splits on ; outside quotes, back-quotes and comments, and reads directives', () => {
    const text = [
      '-- a comment; not a statement',
      '-- @ignore',
      'drop database if exists p_x;',
      "insert into p_x.t values (1, 'a;b', \"c;d\");",
      '/* block; comment */ select `odd;name` from p_x.t',
      '  order by ts;',
      '-- @meta-only',
      '-- explanation after the directive',
      'show users;',
      "select 'it''s;' from p_x.t;",
    ].join('\n');
    expect(splitCaseFile(text)).toEqual([
      { index: 0, line: 3, mode: 'ignore', sql: 'drop database if exists p_x' },
      { index: 1, line: 4, mode: 'unordered', sql: "insert into p_x.t values (1, 'a;b', \"c;d\")" },
      { index: 2, line: 5, mode: 'ordered', sql: 'select `odd;name` from p_x.t\n  order by ts' },
      { index: 3, line: 9, mode: 'meta-only', sql: 'show users' },
      { index: 4, line: 10, mode: 'unordered', sql: "select 'it''s;' from p_x.t" },
    ]);
  });
});

describe('the @user directive', () => {
  it('applies to the next statement only and combines with a mode directive in either order', () => {
    const text = [
      '-- @user p_reader Rd_12345x',
      '-- @error',
      'insert into p_x.t values (now, 1);',
      'select 1;',
      '-- @ordered',
      '-- @user p_reader Rd_12345x',
      'select ts from p_x.t order by ts;',
    ].join('\n');
    const reader = { name: 'p_reader', password: 'Rd_12345x' };
    expect(splitCaseFile(text)).toEqual([
      { index: 0, line: 3, mode: 'error', sql: 'insert into p_x.t values (now, 1)', user: reader },
      { index: 1, line: 4, mode: 'unordered', sql: 'select 1' },
      { index: 2, line: 7, mode: 'ordered', sql: 'select ts from p_x.t order by ts', user: reader },
    ]);
    expect(splitCaseFile(text)[1]).not.toHaveProperty('user');
  });
});

describe('parseExactJson', () => {
  it('keeps integers beyond 2^53 exact and reads the rest as JSON.parse does', () => {
    expect(parseExactJson('[18446744073709551614, -9223372036854775808, 3, 1.5e3, "x\\"y", null, true, {"a": []}]')).toEqual([
      18446744073709551614n,
      -9223372036854775808n,
      3,
      1500,
      'x"y',
      null,
      true,
      { a: [] },
    ]);
  });
});

describe('exactJsonText and goldenText', () => {
  it('writes what parseExactJson reads, bigints as digits', () => {
    const text = '{"a":[18446744073709551614,-9223372036854775808,1.5,1e-7,1e+21,"北区\\n\\"",null,true],"b":{}}';
    expect(exactJsonText(parseExactJson(text))).toBe(text);
  });

  it('writes every golden file of the corpus byte for byte as it is', () => {
    for (const file of caseFiles()) {
      expect(goldenText(file, loadCase(file)), file).toBe(fs.readFileSync(goldenPath(file), 'utf8'));
    }
  });
});

const ok = (types: string[], data: unknown[][]): RestAnswer => ({
  status: 200,
  response: { code: 0, column_meta: types.map((t, i) => [`c${i}`, t, 8]), rows: data.length, data: data as never },
});
const err = (code: number): RestAnswer => ({ status: 200, response: { code, desc: 'x' } });

describe('compareAnswer', () => {
  it('compares errors by code only', () => {
    expect(compareAnswer('error', err(9728), err(9728))).toBeUndefined();
    expect(compareAnswer('error', err(9728), err(534))?.kind).toBe('error-code');
    expect(compareAnswer('error', err(9728), ok(['INT'], [[1]]))?.kind).toBe('accepted-but-should-fail');
    expect(compareAnswer('unordered', ok(['INT'], [[1]]), err(9728))?.kind).toBe('refused-but-valid');
    expect(compareAnswer('error', err(9728), { status: 200, response: { code: 65535, desc: 'Binder Error: x' } })?.kind).toBe('internal-error-leak');
  });

  it('applies the DOUBLE and FLOAT tolerances and nothing else', () => {
    expect(compareAnswer('ordered', ok(['DOUBLE'], [[1.0000001]]), ok(['DOUBLE'], [[1]]))).toBeUndefined();
    expect(compareAnswer('ordered', ok(['DOUBLE'], [[1.00001]]), ok(['DOUBLE'], [[1]]))?.kind).toBe('values');
    expect(compareAnswer('ordered', ok(['FLOAT'], [[1.000005]]), ok(['FLOAT'], [[1]]))).toBeUndefined();
    expect(compareAnswer('ordered', ok(['DOUBLE'], [[1e-13]]), ok(['DOUBLE'], [[0]]))).toBeUndefined();
    expect(compareAnswer('ordered', ok(['BIGINT'], [[10000000001]]), ok(['BIGINT'], [[10000000000]]))?.kind).toBe('values');
    expect(compareAnswer('ordered', ok(['BIGINT'], [[9007199254740993n]]), ok(['BIGINT'], [[9007199254740993n]]))).toBeUndefined();
    expect(compareAnswer('ordered', ok(['BIGINT'], [[5n]]), ok(['BIGINT'], [[5]]))).toBeUndefined();
  });

  it('compares rows in order or as a multiset by mode', () => {
    const a = ok(['INT', 'VARCHAR'], [[1, 'a'], [2, 'b'], [2, 'b']]);
    const b = ok(['INT', 'VARCHAR'], [[2, 'b'], [1, 'a'], [2, 'b']]);
    expect(compareAnswer('unordered', a, b)).toBeUndefined();
    expect(compareAnswer('ordered', a, b)?.kind).toBe('values');
    expect(compareAnswer('unordered', a, ok(['INT', 'VARCHAR'], [[1, 'a'], [1, 'a'], [2, 'b']]))?.kind).toBe('values');
    expect(compareAnswer('skip-values', a, ok(['INT', 'VARCHAR'], [[0, 'z'], [0, 'z'], [0, 'z']]))).toBeUndefined();
    expect(compareAnswer('skip-values', a, ok(['INT', 'VARCHAR'], [[0, 'z']]))?.kind).toBe('row-count');
    expect(compareAnswer('meta-only', a, ok(['INT', 'VARCHAR'], []))).toBeUndefined();
    expect(compareAnswer('meta-only', a, ok(['INT', 'NCHAR'], []))?.kind).toBe('column-meta');
    expect(compareAnswer('ignore', a, err(1))).toBeUndefined();
  });
});

describe('recordAnswers (from the engine\'s own REST server)', () => {
  let t: TestEngine;
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    t = await openTestEngine();
    server = createRestServer(t.engine).server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it('sends each statement as root or as its @user, keeps status and body without timing, and trims meta-only', async () => {
    const cases = splitCaseFile(
      [
        "create user p_rec pass 'Rec_12345x';",
        '-- @user p_rec Rec_12345x',
        'select current_user();',
        '-- @user p_rec wrong_pass1',
        'select 1;',
        '-- @meta-only',
        'show users;',
        'select current_user();',
      ].join('\n'),
    );
    const [created, asUser, badPassword, metaOnly, asRoot] = await recordAnswers(url, 'test.sql', cases);
    expect(created.response).toEqual({ code: 0, column_meta: [['affected_rows', 'INT', 4]], rows: 1, data: [[0]] });
    expect(asUser.user?.name).toBe('p_rec');
    expect((asUser.response as { data: unknown[][] }).data[0][0]).toMatch(/^p_rec@/);
    expect(badPassword.response.code).not.toBe(0);
    expect(badPassword.response).not.toHaveProperty('timing');
    expect(Object.keys(metaOnly.response)).toEqual(['code', 'column_meta']);
    expect((asRoot.response as { data: unknown[][] }).data[0][0]).toMatch(/^root@/);
  });
});
