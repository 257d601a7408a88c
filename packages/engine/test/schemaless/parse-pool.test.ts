import { afterEach, describe, expect, it } from 'vitest';
import { parseColumnar } from '../../src/schemaless/line-protocol/columnar';
import { ParsePool, WORKER_MIN_BYTES } from '../../src/schemaless/line-protocol/parse-pool';

const lines = (n: number, extra = '') => Array.from({ length: n }, (_, i) => `m,t=a${i % 3} x=${i}.5,y=${i}i${extra} ${1000 + i}`).join('\n');
const bytes = (text: string) => new TextEncoder().encode(text);

describe('line protocol parse pool', () => {
  let pool: ParsePool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('parses a large body in a worker into the same batch as in place, columns still packed', async () => {
    pool = new ParsePool(1);
    const text = lines(5000);
    expect(text.length).toBeGreaterThan(WORKER_MIN_BYTES);
    const parsed = await pool.parse(bytes(text), 'ms');
    expect('batch' in parsed).toBe(true);
    const { batch } = parsed as { batch: NonNullable<ReturnType<typeof parseColumnar>> };
    const here = parseColumnar(bytes(text), 'ms')!;
    expect(batch.blocks[0].values[0]).toBeInstanceOf(Float64Array);
    expect(batch.blocks.map((b) => [b.series, b.keys, b.types, b.values, b.ts])).toEqual(here.blocks.map((b) => [b.series, b.keys, b.types, b.values, b.ts]));
    expect(batch.rows).toBe(5000);
    // the bytes come back for the row-by-row path
    expect(new TextDecoder().decode(batch.body as Uint8Array)).toBe(text);
  });

  it('gives the text back when the fast path does not take the body (quotes, non-ASCII kept intact)', async () => {
    pool = new ParsePool(1);
    const text = `${lines(4000)}\nm,t=ü s="naïve" 5000`;
    expect(await pool.parse(bytes(text), 'ms')).toEqual({ text });
  });

  it('parses small bodies in place and large ones alike without workers', async () => {
    pool = new ParsePool(0);
    const parsed = await pool.parse(bytes(lines(5000)), 'ms');
    expect('batch' in parsed && parsed.batch.rows).toBe(5000);
  });

  it('falls back to parsing in place when its worker is gone', async () => {
    pool = new ParsePool(1);
    await pool.parse(bytes(lines(5000)), 'ms');
    const slot = (pool as unknown as { slots: { worker: { terminate(): Promise<number> } }[] }).slots[0];
    const pending = pool.parse(bytes(lines(5000)), 'ms');
    await slot.worker.terminate();
    const parsed = await pending;
    expect('batch' in parsed && parsed.batch.rows).toBe(5000);
  });
});
