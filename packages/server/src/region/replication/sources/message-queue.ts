import type { MessageBatch } from '../pipeline/messages';

const FIELDS = ['ts', 'qos', 'read', 'topicStart', 'topicEnd', 'payloadStart', 'payloadEnd'] as const;

/**
 * A source's unread messages (pipeline/messages.ts): the socket reads they lie in and a few numbers each, in typed
 * arrays used as a queue (taken from the head, compacted when half of it is taken). A read is kept while a queued
 * message lies in it. Up to the source's high-water mark of messages, so its memory is bounded by the reads.
 */
export class MessageQueue {
  private capacity = 1_024;
  private head = 0;
  private tail = 0;
  private ts = new Float64Array(this.capacity);
  private qos = new Uint8Array(this.capacity);
  /** The read of each message, numbered from the first read ever kept (a double: never wraps). */
  private read = new Float64Array(this.capacity);
  private topicStart = new Int32Array(this.capacity);
  private topicEnd = new Int32Array(this.capacity);
  private payloadStart = new Int32Array(this.capacity);
  private payloadEnd = new Int32Array(this.capacity);
  /** Reads still holding a queued message: reads[k] is read number readBase + k. */
  private reads: Buffer[] = [];
  private readBase = 0;

  get length(): number {
    return this.tail - this.head;
  }

  /** A message lying in `read` (the same read for each message of it, in order). */
  push(read: Buffer, topicStart: number, topicEnd: number, payloadStart: number, payloadEnd: number, qos: number, ts: number): void {
    if (this.reads.length === 0 || this.reads[this.reads.length - 1] !== read) this.reads.push(read);
    if (this.tail === this.capacity) this.makeRoom();
    const at = this.tail++;
    this.ts[at] = ts;
    this.qos[at] = qos;
    this.read[at] = this.readBase + this.reads.length - 1;
    this.topicStart[at] = topicStart;
    this.topicEnd[at] = topicEnd;
    this.payloadStart[at] = payloadStart;
    this.payloadEnd[at] = payloadEnd;
  }

  /** The first `count` messages (at most length), out of the queue. */
  take(count: number): MessageBatch {
    count = Math.min(count, this.length);
    const from = this.head;
    const to = from + count;
    const firstRead = count > 0 ? this.read[from] : this.readBase;
    const lastRead = count > 0 ? this.read[to - 1] : this.readBase - 1;
    const read = new Int32Array(count);
    for (let i = 0; i < count; i++) read[i] = this.read[from + i] - firstRead;
    const batch: MessageBatch = {
      length: count,
      ts: this.ts.slice(from, to),
      qos: this.qos.slice(from, to),
      reads: this.reads.slice(firstRead - this.readBase, lastRead - this.readBase + 1),
      read,
      topicStart: this.topicStart.slice(from, to),
      topicEnd: this.topicEnd.slice(from, to),
      payloadStart: this.payloadStart.slice(from, to),
      payloadEnd: this.payloadEnd.slice(from, to),
    };
    this.head = to;
    // Reads before the new head's are no longer needed (the head's own may hold more of its messages).
    const keepFrom = this.head < this.tail ? this.read[this.head] : this.readBase + this.reads.length;
    this.reads.splice(0, keepFrom - this.readBase);
    this.readBase = keepFrom;
    if (this.head === this.tail) this.head = this.tail = 0;
    return batch;
  }

  /** At the end of the arrays: moves the queue to their start, or doubles them when it fills more than half. */
  private makeRoom(): void {
    const length = this.length;
    const capacity = 2 * length > this.capacity ? 2 * this.capacity : this.capacity;
    for (const field of FIELDS) {
      const array = this[field];
      if (capacity === this.capacity) array.copyWithin(0, this.head, this.tail);
      else {
        const grown = new (array.constructor as new (length: number) => typeof array)(capacity);
        grown.set(array.subarray(this.head, this.tail));
        (this as unknown as Record<string, typeof array>)[field] = grown;
      }
    }
    this.capacity = capacity;
    this.head = 0;
    this.tail = length;
  }
}
