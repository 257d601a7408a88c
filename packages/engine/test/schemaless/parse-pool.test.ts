import { afterEach, describe, expect, it } from 'vitest';
import { ColumnarParser, type LineBatch } from '../../src/schemaless/line-protocol/columnar';
import { ParsePool, WORKER_MIN_BYTES } from '../../src/schemaless/line-protocol/parse-pool';
import { bodyRoom, SlabBody, SlabPool } from '../../src/schemaless/line-protocol/slabs';

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
    const { batch } = parsed as { batch: LineBatch };
    const here = new ColumnarParser().parse(bytes(text), 'ms')!;
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
    const slot = (pool.workers as unknown as { slots: { worker: { terminate(): Promise<number> } }[] }).slots[0];
    const pending = pool.parse(bytes(lines(5000)), 'ms');
    await slot.worker.terminate();
    const parsed = await pending;
    expect('batch' in parsed && parsed.batch.rows).toBe(5000);
  });

  it('reads a body received into a slab in place and leaves the packed columns in it, slabs reused once released', async () => {
    pool = new ParsePool(1);
    const text = lines(5000);
    const body = pool.receive(text.length)!;
    // as the HTTP layer reads it: chunk by chunk
    const all = bytes(text);
    for (let at = 0; at < all.length; at += 16_384) body.push(all.subarray(at, at + 16_384));
    const parsed = await pool.parse(body.bytes, 'ms', body.current);
    const { batch } = parsed as { batch: LineBatch };
    const here = new ColumnarParser().parse(all, 'ms')!;
    expect(batch.blocks.map((b) => [b.values, b.ts])).toEqual(here.blocks.map((b) => [b.values, b.ts]));
    for (const block of batch.blocks) {
      expect((block.ts as Float64Array).buffer).toBe(body.current.buffer);
      expect((block.values[0] as Float64Array).buffer).toBe(body.current.buffer);
    }
    const first = body.current.id;
    body.release();
    const again = pool.receive(text.length)!;
    expect(again.current.id).toBe(first);
    again.release();
  });

  it('copies the columns out of its own slab when the body was not received into one', async () => {
    pool = new ParsePool(1);
    const parsed = await pool.parse(bytes(lines(5000)), 'ms');
    const { batch } = parsed as { batch: LineBatch };
    expect(batch.blocks[0].ts).toBeInstanceOf(Float64Array);
    expect((batch.blocks[0].ts as Float64Array).buffer).toBeInstanceOf(ArrayBuffer);
  });

  it('tells a worker started later of the slabs made before it', async () => {
    pool = new ParsePool(1);
    const text = lines(5000);
    const body = pool.receive(text.length)!;
    body.push(bytes(text));
    // no worker yet: the first parse starts it, and it must know the slab
    const parsed = await pool.parse(body.bytes, 'ms', body.current);
    expect('batch' in parsed && parsed.batch.rows).toBe(5000);
    body.release();
  });
});

describe('slabs', () => {
  it('a body outgrowing its slab moves to a larger one, bytes intact; released slabs beyond eight are dropped', () => {
    const announced: number[] = [];
    const dropped: number[] = [];
    const slabs = new SlabPool(
      (s) => announced.push(s.id),
      (s) => dropped.push(s.id),
    );
    const body = new SlabBody(slabs, 0);
    const room = bodyRoom(body.current.buffer.byteLength);
    const chunk = new Uint8Array(room - 10).fill(7);
    body.push(chunk);
    const small = body.current.id;
    body.push(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
    expect(body.current.id).not.toBe(small);
    expect(body.bytes.length).toBe(room + 1);
    expect(body.bytes[0]).toBe(7);
    expect(Array.from(body.bytes.subarray(room - 10))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    body.release();
    const held = Array.from({ length: 10 }, () => slabs.lease(1000));
    for (const s of held) slabs.release(s);
    expect(dropped.length).toBe(announced.length - 8);
    expect(slabs.known().length).toBe(8);
  });
});
