/**
 * The texts of a column read from bytes (a payload's strings, MQTT topics), each distinct text decoded once: a
 * text's bytes are looked up by their hash and compared, so a message costs no string (docs/benchmarks.md "Data in",
 * eighth pass: a string a message and its hashing in a Map were a large part of the column batch). Codes index
 * `dictionary` in order of first appearance.
 */
export class TextInterner {
  readonly dictionary: string[] = [];
  /** Open addressing: a code per slot, -1 when empty; at most half full. */
  private slots = new Int32Array(64).fill(-1);
  private readonly hashes: number[] = [];
  /** Each code's bytes (a copy: the read they came from is not kept). */
  private readonly keys: Buffer[] = [];
  /** The last code answered: a run of one text (a topic, a device's readings) is compared, not hashed. */
  private last = -1;

  /** The code of the UTF-8 text in bytes [start, end) of `bytes`. */
  code(bytes: Buffer, start: number, end: number): number {
    if (this.last >= 0 && this.holds(this.last, bytes, start, end)) return this.last;
    // FNV-1a
    let hash = 0x811c9dc5;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193);
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (let code = this.slots[slot]; code >= 0; code = this.slots[slot]) {
      if (this.hashes[code] === hash && this.holds(code, bytes, start, end)) return (this.last = code);
      slot = (slot + 1) & mask;
    }
    const code = this.dictionary.length;
    this.dictionary.push(bytes.toString('utf8', start, end));
    this.keys.push(Buffer.from(bytes.subarray(start, end)));
    this.hashes.push(hash);
    this.slots[slot] = code;
    if (2 * this.dictionary.length > this.slots.length) this.grow();
    return (this.last = code);
  }

  private holds(code: number, bytes: Buffer, start: number, end: number): boolean {
    const key = this.keys[code];
    if (key.length !== end - start) return false;
    for (let i = 0; i < key.length; i++) if (key[i] !== bytes[start + i]) return false;
    return true;
  }

  private grow(): void {
    const slots = new Int32Array(2 * this.slots.length).fill(-1);
    const mask = slots.length - 1;
    for (let code = 0; code < this.hashes.length; code++) {
      let slot = this.hashes[code] & mask;
      while (slots[slot] >= 0) slot = (slot + 1) & mask;
      slots[slot] = code;
    }
    this.slots = slots;
  }
}
