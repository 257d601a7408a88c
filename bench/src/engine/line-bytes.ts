import { METERS_START_TS, meterValues, metersTags } from 'tscloud-engine';

/**
 * The line-protocol load generator's bodies written straight into bytes: the same text as line-protocol.ts's
 * meterLines (the bench checks that before it starts timing). Value texts are formatted once and copied (the meters
 * values take a few hundred distinct values) and the timestamp's digits are counted up in place, so a line costs a
 * few copies instead of three number-to-string conversions, template strings and a UTF-8 encoding of the result:
 * the client shares the machine's two cores with the engine it measures.
 */

/**
 * `${v}` as bytes, remembered. The meters values are integers or have at most three decimals, so `v` or
 * `round(v * 1000)` names them: an index into a small dense array instead of a hash of a double (which cost the
 * client a fifth of its time). A text is cached under an index only when the index gives v back exactly, so a value
 * is always written as String(v).
 */
const CACHED = 65_536;
const byInteger: (Uint8Array | undefined)[] = Array.from({ length: CACHED }, () => undefined);
const byMilli: (Uint8Array | undefined)[] = Array.from({ length: CACHED }, () => undefined);
const others = new Map<number, Uint8Array>();
function valueBytes(v: number): Uint8Array {
  if (v >= 0 && v < CACHED && Math.floor(v) === v) return (byInteger[v] ??= Buffer.from(String(v)));
  const milli = Math.round(v * 1000);
  if (milli >= 0 && milli < CACHED && milli / 1000 === v) return (byMilli[milli] ??= Buffer.from(String(v)));
  let bytes = others.get(v);
  if (bytes === undefined) others.set(v, (bytes = Buffer.from(String(v))));
  return bytes;
}

/** Copies `bytes` into `buf` at `pos`: a byte loop for a few bytes, TypedArray#set (a call, then memmove) for more. */
function put(buf: Uint8Array, pos: number, bytes: Uint8Array): number {
  const n = bytes.length;
  if (n > 10) buf.set(bytes, pos);
  else for (let i = 0; i < n; i++) buf[pos + i] = bytes[i];
  return pos + n;
}

const VOLTAGE = Buffer.from('f32,voltage=');
const PHASE = Buffer.from('i32,phase=');
const TIMESTAMP = Buffer.from('f32 ');

/**
 * `n` lines of d{table} from `row`, one millisecond apart: meterLines(table, row, n) as bytes. `into`: a buffer to
 * write them in when it is large enough (a connection reuses one once its last body has been sent).
 */
export function meterLinesBytes(table: number, row: number, n: number, into?: Buffer): Buffer {
  const [groupid, location] = metersTags(table);
  const key = Buffer.from(`meters,groupid=${groupid},location=${location},tname=d${table} current=`);
  // the timestamp's decimal digits, incremented in place (timestamps stay positive and only grow)
  let digits = Buffer.from(String(METERS_START_TS + row));
  const size = n * (key.length + 96);
  const buf = into && into.length >= size ? into : Buffer.allocUnsafe(size);
  let pos = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0) {
      buf[pos++] = 10;
      let d = digits.length - 1;
      while (d >= 0 && digits[d] === 57) digits[d--] = 48;
      if (d >= 0) digits[d]++;
      else digits = Buffer.concat([Buffer.from('1'), digits]);
    }
    const [current, voltage, phase] = meterValues(table, row + i);
    pos = put(buf, pos, key);
    pos = put(buf, pos, valueBytes(current));
    pos = put(buf, pos, VOLTAGE);
    pos = put(buf, pos, valueBytes(voltage));
    pos = put(buf, pos, PHASE);
    pos = put(buf, pos, valueBytes(phase));
    pos = put(buf, pos, TIMESTAMP);
    pos = put(buf, pos, digits);
  }
  return buf.subarray(0, pos);
}
