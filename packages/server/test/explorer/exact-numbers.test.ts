import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, worldCaller } from '../instances/harness';
import { runningInstance, runStatements } from '../instances/running-instance';

/**
 * Issue 13 item 1 on a real engine: BIGINT and BIGINT UNSIGNED values beyond 2^53 and the nanoseconds of an
 * ns-precision TIMESTAMP reach the SQL call's answer and the CSV export with every digit (they used to be rounded
 * when the server read the engine's answer with JSON.parse: 9007199254740993 → …992). The answers are read here as
 * raw text, since JSON.parse in the test would round them again.
 */
describe('64-bit integers and ns timestamps stay exact (and the export keeps the query order)', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let orgId: string;
  let id: string;
  const NS_TS = '1700000000123456789';
  const ROWS = [
    { ts: NS_TS, b: '9007199254740993', u: '18446744073709551615' },
    { ts: '1700000000123456790', b: '-9223372036854775807', u: '9223372036854775808' },
  ];

  const post = async (path: string, sql: string) => {
    const res = await world.app.inject({
      method: 'POST',
      url: `/api/region/${REGION}/data/sql/${path}`,
      headers: { authorization: `Bearer ${owner.token}`, 'account-id': orgId },
      payload: { sql },
    });
    return res.body;
  };
  /** The export as the console makes it: a ticket (format csv), then its download link. */
  const exported = async (sql: string) => {
    const ticket = await world.app.inject({
      method: 'POST',
      url: `/api/region/${REGION}/data/sql/export/${id}`,
      headers: { authorization: `Bearer ${owner.token}`, 'account-id': orgId },
      payload: { sql, format: 'csv' },
    });
    return (await world.app.inject({ method: 'GET', url: (ticket.json() as { data: { url: string } }).data.url, headers: { authorization: `Bearer ${owner.token}` } })).body;
  };

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'exact.owner@example.com', 'Owner');
    ({ orgId, id } = await runningInstance(owner, 'Exactorg', 'Exact one'));
    await runStatements(owner, orgId, id, [
      "CREATE DATABASE exact PRECISION 'ns'",
      'CREATE TABLE exact.t (ts TIMESTAMP, b BIGINT, u BIGINT UNSIGNED)',
      `INSERT INTO exact.t VALUES ${ROWS.map((r) => `(${r.ts}, ${r.b}, ${r.u})`).join(' ')}`,
    ]);
  }, 180_000);
  afterAll(() => world.close(), 60_000);

  it('answers the SQL call with every digit, as JSON numbers like the engine REST (and TDengine) writes them', async () => {
    const body = await post(id, 'SELECT ts, b, u FROM exact.t ORDER BY ts');
    expect(body).toContain('[["2023-11-14T22:13:20.123456789Z",9007199254740993,18446744073709551615],');
    expect(body).toContain('["2023-11-14T22:13:20.123456790Z",-9223372036854775807,9223372036854775808]]');
    // Values within 2^53 are unchanged, and so is an answer without large numbers.
    expect(await post(id, 'SELECT COUNT(*) FROM exact.t')).toContain('"data":[[2]]');
  });

  it('writes them exactly into the CSV export', async () => {
    const csv = await exported('SELECT ts, b, u FROM exact.t ORDER BY ts');
    expect(csv).toBe(
      'ts,b,u\r\n' +
        '2023-11-14T22:13:20.123456789Z,9007199254740993,18446744073709551615\r\n' +
        '2023-11-14T22:13:20.123456790Z,-9223372036854775807,9223372036854775808\r\n',
    );
  });

  it("exports in the query's own order and within its own LIMIT (the statement as written, not wrapped)", async () => {
    await runStatements(owner, orgId, id, [
      'CREATE TABLE exact.o (ts TIMESTAMP, v INT)',
      `INSERT INTO exact.o VALUES ${Array.from({ length: 30 }, (_, i) => `(${1700000000000000000 + i * 1000}, ${i})`).join(' ')}`,
    ]);
    // The v column of the file (a query with the timestamp column is the one the engine re-sorted when wrapped).
    const values = (csv: string) => csv.trim().split('\r\n').slice(1).map((line) => line.split(',')[1]);
    expect(values(await exported('SELECT ts, v FROM exact.o ORDER BY v DESC'))).toEqual(Array.from({ length: 30 }, (_, i) => String(29 - i)));
    expect(values(await exported('SELECT ts, v FROM exact.o ORDER BY ts DESC LIMIT 5 OFFSET 2'))).toEqual(['27', '26', '25', '24', '23']);
  });
});
