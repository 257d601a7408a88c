import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { en, EXPORT_TICKET_TTL_MS, type DemoJob, type ExportTicket, type SqlResult } from '@tscloud/contracts';
import { createOrg, type Caller } from '../orgs/helpers';
import { InstancesWorld, REGION, worldCaller } from '../instances/harness';
import { instanceSql, runningInstance } from '../instances/running-instance';
import { addMember, grant } from '../instance-users/members';
import { markAccessChanged } from '../../src/region/instance-users';
import { roleGrants } from '../../src/store/schema';
import { ExportTickets } from '../../src/region/explorer/export-tickets';

/**
 * The export by ticket (issue 13 item 5, docs/explorer-server.md "Export"): the POST issues a single-use ticket
 * for the caller, the GET of its URL is checked again (session, membership, grants) and streams the engine's file:
 * CSV, JSON Lines or Parquet, exact 64-bit integers and ns timestamps, 200,000 rows in order.
 */
describe('export by ticket', () => {
  const world = new InstancesWorld();
  let owner: Caller;
  let reader: Caller;
  let colleague: Caller;
  let stranger: Caller;
  let orgId: string;
  let strangerOrg: string;
  let id: string;
  let readerMember: string;

  const sql = (caller: Caller, text: string) => instanceSql(caller, orgId, id, text);
  const post = (caller: Caller, body: object, org = orgId) =>
    caller.call<ExportTicket>('POST', `/api/region/${REGION}/data/sql/export/${id}`, body, org);
  const download = (caller: Caller, url: string) => world.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${caller.token}` } });
  const envelope = (res: { body: string }) => JSON.parse(res.body) as { code: number; message: string };

  beforeAll(async () => {
    await world.open();
    owner = await worldCaller(world, 'exp.owner@example.com', 'Owner');
    reader = await worldCaller(world, 'exp.reader@example.com', 'Reader');
    colleague = await worldCaller(world, 'exp.colleague@example.com', 'Colleague');
    stranger = await worldCaller(world, 'exp.stranger@example.com', 'Stranger');
    ({ orgId, id } = await runningInstance(owner, 'Exportorg', 'Export one'));
    strangerOrg = await createOrg(stranger, 'Strangerexport');
    for (const statement of [
      "CREATE DATABASE exact PRECISION 'ns'",
      'CREATE TABLE exact.t (ts TIMESTAMP, big BIGINT, u BIGINT UNSIGNED, note VARCHAR(20))',
      "INSERT INTO exact.t VALUES (1700000000123456789, 9007199254740993, 18446744073709551615, '=1+1') (1700000000123456790, -9223372036854775808, 0, 'a,b')",
    ]) {
      expect((await sql(owner, statement)).data).toMatchObject({ code: 0 });
    }
    readerMember = await addMember(world.store, orgId, reader);
    await grant(world.store, orgId, { memberId: readerMember }, 'Viewer', { resType: 'DATABASE', resId: 'exact', instanceId: id });
    await grant(world.store, orgId, { memberId: await addMember(world.store, orgId, colleague) }, 'Viewer', { resType: 'INSTANCE', resId: id, instanceId: id });
    // The meters demo, 200,000 rows (20 tables × 10,000), for the large exports below.
    const job = await owner.call<DemoJob>('POST', `/api/region/${REGION}/data/demo/${id}`, { db_name: 'demo', tables: 20, rows_per_table: 10_000 }, orgId);
    for (const deadline = Date.now() + 300_000; ; ) {
      const state = await owner.call<DemoJob>('GET', `/api/region/${REGION}/data/demo/${id}/${job.data.id}`, undefined, orgId);
      if (state.data.status === 'done') break;
      expect(state.data.status).toBe('running');
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 480_000);
  afterAll(() => world.close(), 60_000);

  it('issues a ticket whose URL downloads once; a second use is refused as used', async () => {
    const ticket = await post(reader, { sql: 'SELECT * FROM exact.t ORDER BY ts', format: 'csv' });
    expect(ticket.code).toBe(200);
    expect(ticket.data.url).toMatch(new RegExp(`^/api/region/${REGION}/data/sql/export/${id}/download/[\\w-]{32}$`));
    expect(ticket.data.file_name).toMatch(/^query-.*\.csv$/);
    expect(Date.parse(ticket.data.expires_at) - Date.now()).toBeLessThanOrEqual(EXPORT_TICKET_TTL_MS);

    const first = await download(reader, ticket.data.url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-disposition']).toBe(`attachment; filename="${ticket.data.file_name}"`);
    expect(first.body.split('\r\n')).toEqual([
      'ts,big,u,note',
      `2023-11-14T22:13:20.123456789Z,9007199254740993,18446744073709551615,"'=1+1"`,
      '2023-11-14T22:13:20.123456790Z,-9223372036854775808,0,"a,b"',
      '',
    ]);
    const again = envelope(await download(reader, ticket.data.url));
    expect(again).toMatchObject({ code: 404, message: en['error.exportTicketUsed'] });
    const unknown = envelope(await download(reader, ticket.data.url.replace(/[\w-]{32}$/, 'x'.repeat(32))));
    expect(unknown).toMatchObject({ code: 404, message: en['error.exportTicketExpired'] });
  });

  it('writes JSON Lines and Parquet exactly, in the current database', async () => {
    const jsonl = await post(reader, { sql: 'SELECT ts, big, u FROM t ORDER BY ts', format: 'jsonl', db: 'exact' });
    const lines = (await download(reader, jsonl.data.url)).body;
    expect(lines).toBe(
      '{"ts":"2023-11-14T22:13:20.123456789Z","big":9007199254740993,"u":18446744073709551615}\n' +
        '{"ts":"2023-11-14T22:13:20.123456790Z","big":-9223372036854775808,"u":0}\n',
    );
    expect(jsonl.data.file_name).toMatch(/\.jsonl$/);

    const parquet = await post(reader, { sql: 'SELECT ts, u FROM exact.t ORDER BY ts', format: 'parquet' });
    const file = await download(reader, parquet.data.url);
    expect(file.headers['content-type']).toBe('application/vnd.apache.parquet');
    // A Parquet file starts and ends with its magic; the engine's test reads the values back (rest-export.test.ts).
    expect(file.rawPayload.subarray(0, 4).toString()).toBe('PAR1');
    expect(file.rawPayload.subarray(-4).toString()).toBe('PAR1');
  });

  it("refuses another user's ticket, keeps it for its owner, and re-checks rights at download", async () => {
    const ticket = await post(reader, { sql: 'SELECT u FROM exact.t ORDER BY ts', format: 'csv' });
    // A member of the organization who did not ask for it, and someone outside it.
    expect(envelope(await download(colleague, ticket.data.url)).code).toBe(403);
    expect(envelope(await download(stranger, ticket.data.url)).code).toBe(403);
    expect((await download(reader, ticket.data.url)).body).toBe('u\r\n18446744073709551615\r\n0\r\n');

    // The grant is taken away between the ticket and its download: refused.
    const late = await post(reader, { sql: 'SELECT u FROM exact.t', format: 'csv' });
    await world.store.db.delete(roleGrants).where(eq(roleGrants.memberId, readerMember));
    markAccessChanged(orgId);
    expect(envelope(await download(reader, late.data.url)).code).toBe(403);
    await grant(world.store, orgId, { memberId: readerMember }, 'Viewer', { resType: 'DATABASE', resId: 'exact', instanceId: id });
  });

  it('refuses what is not a query, an unknown format, and a query the engine refuses, before any ticket', async () => {
    for (const statement of ['SHOW DATABASES', 'INSERT INTO exact.t VALUES (now, 1, 1, null)', 'SELECT 1; SELECT 2']) {
      expect(await post(reader, { sql: statement, format: 'csv' })).toMatchObject({ code: 400, message: en['error.exportOnlyQuery'] });
    }
    expect(await post(reader, { sql: 'SELECT 1', format: 'xlsx' })).toMatchObject({ code: 400, message: en['validation.exportFormat'] });
    const refused = await post(reader, { sql: 'SELECT nope FROM exact.t', format: 'csv' });
    expect(refused.code).toBe(400);
    expect((refused.data as unknown as SqlResult).code).not.toBe(0);
    expect((await post(stranger, { sql: 'SELECT 1', format: 'csv' }, strangerOrg)).code).toBe(404);
  });

  it('streams 200,000 rows of the meters demo in order', async () => {
    const query = 'SELECT tbname, ts, current FROM demo.meters ORDER BY tbname, ts';
    const ticket = await post(owner, { sql: query, format: 'csv' });
    const lines = (await download(owner, ticket.data.url)).body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(200_001);
    expect(lines[0]).toBe('tbname,ts,current');
    const first = (await sql(owner, `${query} LIMIT 1`)).data.data[0];
    const last = (await sql(owner, 'SELECT tbname, ts, current FROM demo.meters ORDER BY tbname DESC, ts DESC LIMIT 1')).data.data[0];
    expect(lines[1]).toBe(first.join(','));
    expect(lines[200_000]).toBe(last.join(','));
  }, 600_000);

  it('holds the query while the browser does not read, and stops it when the download is cancelled', async () => {
    const address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    const query = 'SELECT * FROM demo.meters ORDER BY ts DESC';
    const ticket = await post(owner, { sql: query, format: 'csv' });
    // A client of its own socket (no keep-alive pool), so cancelling closes the connection as a browser does.
    const request = http.get(`${address}${ticket.data.url}`, { agent: false, headers: { authorization: `Bearer ${owner.token}` } });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => request.on('response', resolve).on('error', reject));
    expect(response.statusCode).toBe(200);
    response.pause();
    // Nothing is read: the engine waits on its socket, the query is still running (not run ahead into memory).
    const running = async () =>
      ((await sql(owner, 'SELECT sql FROM performance_schema.perf_queries')).data.data as string[][]).some(([text]) => text === query);
    await new Promise((r) => setTimeout(r, 500));
    expect(await running()).toBe(true);
    request.destroy();
    for (const deadline = Date.now() + 10_000; await running(); ) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  it('keeps a ticket for its time only (the store of tickets, on its own clock)', () => {
    let now = 1_000;
    const tickets = new ExportTickets(60_000, () => now);
    const grantOf = { userId: 'u', orgId: 'o', instanceId: 'i', regionId: 'r', sql: 'SELECT 1', format: 'csv' as const, fileName: 'f.csv' };
    const { id: ticket } = tickets.issue(grantOf);
    now += 59_999;
    expect(tickets.peek(ticket)).toMatchObject(grantOf);
    now += 1;
    expect(() => tickets.take(ticket, 'u')).toThrow(expect.objectContaining({ messageKey: 'error.exportTicketExpired' }));
  });
});
