import type { TypeSpec } from '../../types';

/**
 * Which value MODE() answers when several share the highest count. TDengine counts values in a hash table keyed by
 * the value's bytes (MurmurHash3_32, seed 0x12345678, 64 slots doubling at a 0.75 load, new keys pushed at the
 * front of a slot's list) and then walks the slots upwards keeping the last value whose count is at least the
 * maximum so far: the tie goes to the value that comes last in that walk (`'ok'` over `'hot'`, `true` over
 * `false`: 09_selection#52, 17_partition_group#57). The walk depends only on the values' bytes and the order they
 * first appear in, so it is reproduced here.
 */

/** How the key bytes of a value are made from its text (`CAST(v AS VARCHAR)`, VARBINARY as hex). */
export type ModeKeyKind = 'bool' | 'i8' | 'i16' | 'i32' | 'i64' | 'u8' | 'u16' | 'u32' | 'u64' | 'f32' | 'f64' | 'varchar' | 'nchar' | 'varbinary';

/** The key kind of a column type, or undefined when TDengine's bytes are not reproduced (DuckDB's mode is used). */
export function modeKeyKind(t: TypeSpec): ModeKeyKind | undefined {
  switch (t.name) {
    case 'BOOL':
      return 'bool';
    case 'TINYINT':
      return 'i8';
    case 'SMALLINT':
      return 'i16';
    case 'INT':
      return 'i32';
    case 'BIGINT':
    case 'TIMESTAMP':
      return 'i64';
    case 'TINYINT UNSIGNED':
      return 'u8';
    case 'SMALLINT UNSIGNED':
      return 'u16';
    case 'INT UNSIGNED':
      return 'u32';
    case 'BIGINT UNSIGNED':
      return 'u64';
    case 'FLOAT':
      return 'f32';
    case 'DOUBLE':
      return 'f64';
    case 'VARCHAR':
      return 'varchar';
    case 'NCHAR':
      return 'nchar';
    case 'VARBINARY':
      return 'varbinary';
    default:
      return undefined;
  }
}

const INT_BYTES: Partial<Record<ModeKeyKind, number>> = { i8: 1, i16: 2, i32: 4, i64: 8, u8: 1, u16: 2, u32: 4, u64: 8 };

/** A var-length value as TDengine keeps it in a block: a 2-byte little-endian length, then the bytes. */
function withLength(body: Uint8Array): Uint8Array {
  const out = new Uint8Array(body.length + 2);
  out[0] = body.length & 0xff;
  out[1] = (body.length >> 8) & 0xff;
  out.set(body, 2);
  return out;
}

/** The bytes TDengine hashes for a value given as text. */
export function modeKeyBytes(kind: ModeKeyKind, text: string): Uint8Array {
  const width = INT_BYTES[kind];
  if (width !== undefined) {
    let v = BigInt(text);
    if (v < 0n) v += 1n << BigInt(8 * width);
    const out = new Uint8Array(width);
    for (let i = 0; i < width; i++) out[i] = Number((v >> BigInt(8 * i)) & 0xffn);
    return out;
  }
  switch (kind) {
    case 'bool':
      return Uint8Array.of(text === 'true' ? 1 : 0);
    case 'f32': {
      const b = new DataView(new ArrayBuffer(4));
      b.setFloat32(0, Number(text), true);
      return new Uint8Array(b.buffer);
    }
    case 'f64': {
      const b = new DataView(new ArrayBuffer(8));
      b.setFloat64(0, Number(text), true);
      return new Uint8Array(b.buffer);
    }
    case 'nchar': {
      // NCHAR is UCS-4 in query blocks: four bytes a character
      const points = Array.from(text, (c) => c.codePointAt(0) ?? 0);
      const b = new DataView(new ArrayBuffer(points.length * 4));
      points.forEach((p, i) => b.setUint32(i * 4, p, true));
      return withLength(new Uint8Array(b.buffer));
    }
    case 'varbinary':
      return withLength(Uint8Array.from(Buffer.from(text, 'hex')));
    default:
      return withLength(new TextEncoder().encode(text));
  }
}

const rotl = (x: number, r: number): number => ((x << r) | (x >>> (32 - r))) >>> 0;

/** TDengine's MurmurHash3_32 (thashutil.c: the x86 32-bit variant with seed 0x12345678). */
export function murmurHash3(data: Uint8Array): number {
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let h = 0x12345678;
  const blocks = data.length >> 2;
  for (let i = 0; i < blocks; i++) {
    let k = (data[4 * i] | (data[4 * i + 1] << 8) | (data[4 * i + 2] << 16) | (data[4 * i + 3] << 24)) >>> 0;
    k = Math.imul(k, c1) >>> 0;
    k = rotl(k, 15);
    k = Math.imul(k, c2) >>> 0;
    h = (h ^ k) >>> 0;
    h = rotl(h, 13);
    h = (Math.imul(h, 5) + 0xe6546b64) >>> 0;
  }
  const tail = blocks * 4;
  const rest = data.length & 3;
  if (rest) {
    let k = 0;
    if (rest >= 3) k ^= data[tail + 2] << 16;
    if (rest >= 2) k ^= data[tail + 1] << 8;
    k ^= data[tail];
    k = Math.imul(k, c1) >>> 0;
    k = rotl(k, 15);
    k = Math.imul(k, c2) >>> 0;
    h = (h ^ k) >>> 0;
  }
  h = (h ^ data.length) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

interface Entry {
  hash: number;
  count: number;
  /** position of the value's first appearance */
  first: number;
}

/**
 * The 0-based position (in `keys`, the non-NULL values' key bytes in scan order) of the value MODE() answers, or -1
 * for none. Keys are compared as TDengine's memcmp does: byte for byte.
 */
export function modePick(keys: Uint8Array[]): number {
  let capacity = 64;
  let slots: Entry[][] = Array.from({ length: capacity }, () => []);
  const byKey = new Map<string, Entry>();
  keys.forEach((bytes, i) => {
    const id = Buffer.from(bytes).toString('latin1');
    const known = byKey.get(id);
    if (known) {
      known.count++;
      return;
    }
    if (byKey.size >= capacity * 0.75) {
      // taosHashTableResize: each old slot's list is walked front to back, the entries that move are pushed at
      // the front of their new slot
      const next = capacity * 2;
      const grown: Entry[][] = [...slots.map((s) => [...s]), ...Array.from({ length: capacity }, () => [] as Entry[])];
      for (let s = 0; s < capacity; s++) {
        for (const e of slots[s]) {
          const to = e.hash & (next - 1);
          if (to === s) continue;
          grown[s].splice(grown[s].indexOf(e), 1);
          grown[to].unshift(e);
        }
      }
      slots = grown;
      capacity = next;
    }
    const e: Entry = { hash: murmurHash3(bytes), count: 1, first: i };
    byKey.set(id, e);
    slots[e.hash & (capacity - 1)].unshift(e);
  });
  let best = -1;
  let max = 0;
  for (const slot of slots) {
    for (const e of slot) {
      if (e.count >= max) {
        max = e.count;
        best = e.first;
      }
    }
  }
  return best;
}
