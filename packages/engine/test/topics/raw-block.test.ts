import type http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeRawBlock, encodeRawBlock, TYPE_CODES } from '../../src/format/raw-block';
import { createRestServer } from '../../src/server/http-server';
import { rowCells, timestampUnits, topicRawBlock } from '../../src/topics/raw-blocks';
import { TmqClient } from '../../src/topics/ws-client';
import { openTestEngine, type TestEngine } from '../engine/helpers';

describe('raw block codec', () => {
  it("writes TDengine's layout: header, schema, lengths, bitmap + values, offsets + length-prefixed values, a zero byte", () => {
    const block = encodeRawBlock(
      [
        { type: TYPE_CODES.TIMESTAMP, bytes: 8, values: [1700000000000n, 1700000000001n, null] },
        { type: TYPE_CODES.INT, bytes: 4, values: [7, null, -1] },
        { type: TYPE_CODES.VARCHAR, bytes: 12, values: ['ab', null, ''] },
      ],
      3,
    );
    expect(block.readInt32LE(0)).toBe(2);
    expect(block.readInt32LE(4)).toBe(block.length);
    expect(block.readInt32LE(8)).toBe(3);
    expect(block.readInt32LE(12)).toBe(3);
    expect(block.readUInt32LE(16)).toBe(0x80000000);
    expect(block.readBigUInt64LE(20)).toBe(0n);
    expect(block[block.length - 1]).toBe(0);
    // schema: type byte + int32 bytes each
    expect([block.readInt8(28), block.readInt32LE(29), block.readInt8(33), block.readInt32LE(34), block.readInt8(38), block.readInt32LE(39)]).toEqual([9, 8, 4, 4, 8, 12]);
    // data lengths: fixed rows × width; variable the values only (2+2 bytes of 'ab', 2 of '')
    expect([block.readInt32LE(43), block.readInt32LE(47), block.readInt32LE(51)]).toEqual([24, 12, 6]);
    // the timestamp column's bitmap: row 2 NULL = bit 7-2 of byte 0
    expect(block[55]).toBe(0b0010_0000);
    expect(block.readBigInt64LE(56)).toBe(1700000000000n);
    const varAt = 55 + 1 + 24 + 1 + 12;
    expect([block.readInt32LE(varAt), block.readInt32LE(varAt + 4), block.readInt32LE(varAt + 8)]).toEqual([0, -1, 4]);
    expect(decodeRawBlock(block, 'ms')).toEqual({
      rows: 3,
      types: ['TIMESTAMP', 'INT', 'VARCHAR'],
      cells: [
        ['2023-11-14T22:13:20.000Z', 7, 'ab'],
        ['2023-11-14T22:13:20.001Z', null, null],
        [null, -1, ''],
      ],
    });
  });

  it('reads every type back as REST gives it: NCHAR as UCS-4, bytes as hex, integers past 2^53 as text', () => {
    const values = {
      BOOL: [true, false],
      TINYINT: [-128, 127],
      SMALLINT: [-32768, 32767],
      BIGINT: [9007199254740993n, -5n],
      FLOAT: [10.3, -0.5],
      DOUBLE: [1.25, 1e300],
      'TINYINT UNSIGNED': [255, 0],
      'SMALLINT UNSIGNED': [65535, 1],
      'INT UNSIGNED': [4294967295, 2],
      'BIGINT UNSIGNED': [18446744073709551615n, 3n],
      NCHAR: ['北京 café 😀', ''],
      VARBINARY: [Buffer.from([0, 255, 16]), Buffer.alloc(0)],
      JSON: ['{"k":1}', 'null'],
    } as const;
    const columns = Object.entries(values).map(([name, vals]) => ({ type: TYPE_CODES[name], bytes: 8, values: [...vals, null] }));
    const decoded = decodeRawBlock(encodeRawBlock(columns, 3), 'ms');
    expect(decoded.types).toEqual(Object.keys(values));
    expect(decoded.cells[0]).toEqual([true, -128, -32768, '9007199254740993', 10.3, 1.25, 255, 65535, 4294967295, '18446744073709551615', '北京 café 😀', '00ff10', { k: 1 }]);
    expect(decoded.cells[1]).toEqual([false, 127, 32767, -5, -0.5, 1e300, 0, 1, 2, 3, '', '', null]);
    expect(decoded.cells[2]).toEqual(Array(13).fill(null));
  });

  it("writes a topic block byte for byte as TDengine 3.3.7.5's native client handed out the same rows of a topic message", () => {
    // recorded with taos_fetch_raw_block on a tmq_consumer_poll message (database PRECISION 'ns'; CREATE TOPIC … AS
    // STABLE over (ts, b BOOL, i BIGINT, u INT UNSIGNED, f FLOAT, d DOUBLE, v VARCHAR(20), n NCHAR(8), vb VARBINARY(8)))
    const recorded = Buffer.from(
      '02000000e700000002000000090000000000008000000000000000000908000000010100000005080000000d040000000604000000070800000008160000000a22000000100a000000100000000200000010000000080000000800000010000000070000000e000000040000000015cdc0081710a61716cdc0081710a617400100000100000000002000ffffffffffffffff40ffffffff0000000040cdcc244100000000409a9999999999b93f000000000000000000000000ffffffff0500636166c3a900000000ffffffff0c0017530000ac4e000000f6010000000000ffffffff020000ff00',
      'hex',
    );
    const ours = topicRawBlock(
      {
        tableName: 't1',
        columns: [['ts', 'TIMESTAMP', 8], ['b', 'BOOL', 1], ['i', 'BIGINT', 8], ['u', 'INT UNSIGNED', 4], ['f', 'FLOAT', 4], ['d', 'DOUBLE', 8], ['v', 'VARCHAR', 20], ['n', 'NCHAR', 8], ['vb', 'VARBINARY', 8]],
        rows: ['["2024-01-01T00:00:00.123456789Z",true,9007199254740993,4294967295,10.3,0.1,"café","北京😀","00ff"]', '["2024-01-01T00:00:00.123456790Z",null,-1,null,null,null,null,null,null]'],
      },
      'ns',
    );
    expect(ours.toString('hex')).toBe(recorded.toString('hex'));
    expect(decodeRawBlock(recorded, 'ns').cells[0]).toEqual(['2024-01-01T00:00:00.123456789Z', true, '9007199254740993', 4294967295, 10.3, 0.1, 'café', '北京😀', '00ff']);
  });

  it('reads a block that sits inside a larger frame and refuses a truncated one', () => {
    const block = encodeRawBlock([{ type: TYPE_CODES.INT, bytes: 4, values: [1, 2] }], 2);
    const frame = Buffer.concat([Buffer.alloc(24, 7), block, Buffer.from('trailing')]);
    expect(decodeRawBlock(frame.subarray(24), 'ms').cells).toEqual([[1], [2]]);
    expect(() => decodeRawBlock(block.subarray(0, 20), 'ms')).toThrow(/shorter than its header/);
    expect(() => decodeRawBlock(block.subarray(0, block.length - 1), 'ms')).toThrow(/does not fit/);
  });

  it('reads REST row texts losslessly', () => {
    expect(rowCells('["2024-01-01T00:00:00.123456789Z",9007199254740993,null,true,"a,\\"]b",-1.5e3]')).toEqual([
      '2024-01-01T00:00:00.123456789Z',
      { number: '9007199254740993' },
      null,
      true,
      'a,"]b',
      { number: '-1.5e3' },
    ]);
    expect(timestampUnits('2024-01-01T00:00:00.123456789Z', 'ns')).toBe(1704067200123456789n);
    expect(timestampUnits('2024-01-01T00:00:00.123456Z', 'us')).toBe(1704067200123456n);
    expect(timestampUnits('1969-12-31T23:59:59.999Z', 'ms')).toBe(-1n);
    expect(timestampUnits({ number: '-62135596801000' }, 'ms')).toBe(-62135596801000n);
  });
});

describe('fetch_block on /rest/tmq', () => {
  let t: TestEngine;
  let server: http.Server;
  let url: string;
  const clients: TmqClient[] = [];

  beforeEach(async () => {
    t = await openTestEngine();
    server = createRestServer(t.engine).server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.kill();
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  /** A consumer of `topic` from the earliest position, and its first poll. */
  async function subscribedPoll(topic: string): Promise<{ c: TmqClient; polled: Awaited<ReturnType<TmqClient['ok']>> }> {
    const c = await TmqClient.connect(url);
    clients.push(c);
    await c.subscribe('g', [topic]);
    return { c, polled: await c.ok('poll', { blocking_time: 500 }) };
  }

  it("answers taosAdapter's binary frame, whose block holds the rows fetch gave as JSON (ns precision, every text kind)", async () => {
    await t.run("CREATE DATABASE dn PRECISION 'ns' WAL_RETENTION_PERIOD 3600");
    await t.run('CREATE STABLE dn.st (ts TIMESTAMP, b BOOL, i BIGINT, u INT UNSIGNED, f FLOAT, d DOUBLE, v VARCHAR(20), n NCHAR(8), vb VARBINARY(8)) TAGS (g INT)');
    await t.run("INSERT INTO dn.t1 USING dn.st TAGS (1) VALUES (1704067200123456789, true, 9007199254740993, 4294967295, 10.3, 0.1, 'café', '北京😀', '\\x00ff') (1704067200123456790, NULL, -1, NULL, NULL, NULL, NULL, NULL, NULL)");
    await t.run('CREATE TOPIC tn AS STABLE dn.st');
    const { c, polled } = await subscribedPoll('tn');
    expect(polled.have_message).toBe(true);
    const fetched = await c.ok('fetch', { message_id: polled.message_id });
    expect(fetched.fields_types).toEqual([9, 1, 5, 13, 6, 7, 8, 10, 16]);
    expect(fetched.precision).toBe(2);
    const reply = await c.ok('fetch_block', { message_id: polled.message_id });
    expect(reply.req_id).toBeGreaterThan(0);
    expect(reply.message_id).toBe(polled.message_id);
    const decoded = decodeRawBlock(reply.block as Buffer, 'ns');
    expect(decoded.types).toEqual(['TIMESTAMP', 'BOOL', 'BIGINT', 'INT UNSIGNED', 'FLOAT', 'DOUBLE', 'VARCHAR', 'NCHAR', 'VARBINARY']);
    expect(decoded.cells).toEqual([
      ['2024-01-01T00:00:00.123456789Z', true, '9007199254740993', 4294967295, 10.3, 0.1, 'café', '北京😀', '00ff'],
      ['2024-01-01T00:00:00.123456790Z', null, -1, null, null, null, null, null, null],
    ]);
    // the JSON rows of fetch say the same (its BIGINT as a JSON number loses digits past 2^53, the block does not)
    const data = fetched.data as unknown[][];
    expect(data.map((r) => r.filter((_, i) => i !== 2))).toEqual(decoded.cells.map((r) => r.filter((_, i) => i !== 2)));
    // the schema's bytes: VARCHAR(20) 22, NCHAR(8) 4 × 8 + 2
    const block = reply.block as Buffer;
    expect(block.readInt32LE(28 + 6 * 5 + 1)).toBe(22);
    expect(block.readInt32LE(28 + 7 * 5 + 1)).toBe(34);
  });

  it('refuses fetch_block without a fetch of the same message', async () => {
    await t.run('CREATE DATABASE d1 WAL_RETENTION_PERIOD 3600');
    await t.run('CREATE TABLE d1.t (ts TIMESTAMP, v INT)');
    await t.run('INSERT INTO d1.t VALUES (1700000000000, 1)');
    await t.run('CREATE TOPIC t1 AS DATABASE d1');
    const { c, polled } = await subscribedPoll('t1');
    const refused = await c.request('fetch_block', { message_id: polled.message_id });
    expect(refused.code).not.toBe(0);
    expect(refused.message).toMatch(/fetch of the same message first/);
  });
});
