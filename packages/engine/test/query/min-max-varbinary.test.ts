import { describe, expect, it } from 'vitest';
import { useQueryFixture } from './fixture';

const f = useQueryFixture();

// 33_aggregate_type_matrix#42, #51 (TDengine 3.3.7.5 accepts VARBINARY in MIN/MAX)
describe('MIN/MAX of VARBINARY', () => {
  it('compares the bytes: the empty value is the least, 0xff the greatest', async () => {
    await f.run('CREATE TABLE test.vbt (ts TIMESTAMP, vb VARBINARY(8))');
    await f.run("INSERT INTO test.vbt VALUES (1700000000000, '\\x01') (1700000001000, '\\xff') (1700000002000, '') (1700000003000, NULL)");
    const r = await f.query('select min(vb), max(vb) from vbt');
    expect(r.columns.map((c) => c.type)).toEqual(['VARBINARY', 'VARBINARY']);
    expect(r.rows[0].map((v) => Buffer.from(v as Uint8Array).toString('hex'))).toEqual(['', 'ff']);
  });
});
