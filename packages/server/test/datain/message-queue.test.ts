import { describe, expect, it } from 'vitest';
import { messageBytes, payloadText, topicText } from '../../src/region/replication/pipeline/messages';
import { MessageQueue } from '../../src/region/replication/sources/message-queue';
import { TextInterner } from '../../src/region/replication/transform/text-interner';

/**
 * The MQTT source's queue of unread messages (sources/message-queue.ts) and the byte-keyed text interner of the
 * column batch (transform/text-interner.ts), against plain arrays and Maps.
 */

/** A reproducible sequence in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

interface Message {
  ts: number;
  qos: number;
  topic: string;
  payload: string;
}

/** Messages as one socket read: topic and payload bytes back to back, with a byte between messages. */
function readOf(messages: Message[]): { read: Buffer; ranges: number[][] } {
  const parts: Buffer[] = [];
  const ranges: number[][] = [];
  let at = 0;
  for (const message of messages) {
    const topic = Buffer.from(message.topic);
    const payload = Buffer.from(message.payload);
    ranges.push([at + 1, at + 1 + topic.length, at + 1 + topic.length, at + 1 + topic.length + payload.length]);
    parts.push(Buffer.from([0xff]), topic, payload);
    at += 1 + topic.length + payload.length;
  }
  return { read: Buffer.concat(parts), ranges };
}

describe('the MQTT message queue', () => {
  it('hands out what was pushed, in order, across reads, growth and compaction', () => {
    const next = random(7);
    const queue = new MessageQueue();
    const model: Message[] = [];
    let sequence = 0;
    for (let step = 0; step < 400; step++) {
      if (next() < 0.55) {
        const messages = Array.from({ length: Math.floor(next() * 300) }, () => {
          const n = sequence++;
          return { ts: 1_700_000_000_000 + n, qos: n % 2, topic: `t/${n % 7}${n % 3 === 0 ? 'é' : ''}`, payload: `{"n":${n},"s":"${'x'.repeat(n % 5)}☃"}` };
        });
        const { read, ranges } = readOf(messages);
        messages.forEach((m, i) => queue.push(read, ranges[i][0], ranges[i][1], ranges[i][2], ranges[i][3], m.qos, m.ts));
        model.push(...messages);
      } else {
        const batch = queue.take(Math.floor(next() * 500));
        const expected = model.splice(0, batch.length);
        const got = Array.from({ length: batch.length }, (_, i) => ({ ts: batch.ts[i], qos: batch.qos[i], topic: topicText(batch, i), payload: payloadText(batch, i) }));
        expect(got).toEqual(expected);
        expect(messageBytes(batch)).toBe(expected.reduce((sum, m) => sum + Buffer.byteLength(m.topic) + Buffer.byteLength(m.payload), 0));
        // Only the reads its messages lie in.
        expect(batch.reads.length).toBe(new Set(batch.read).size);
      }
      expect(queue.length).toBe(model.length);
    }
    const rest = queue.take(Number.MAX_SAFE_INTEGER);
    expect(rest.length).toBe(model.length);
    expect(queue.length).toBe(0);
    expect(queue.take(10).length).toBe(0);
  });

  it('keeps no read once its messages are taken', () => {
    const queue = new MessageQueue();
    const { read, ranges } = readOf([{ ts: 1, qos: 0, topic: 'a', payload: 'b' }]);
    queue.push(read, ranges[0][0], ranges[0][1], ranges[0][2], ranges[0][3], 0, 1);
    queue.take(1);
    expect((queue as unknown as { reads: Buffer[] }).reads).toEqual([]);
  });
});

describe('the text interner', () => {
  it('gives each distinct text one code, its text decoded as UTF-8, however many and whatever their bytes', () => {
    const next = random(11);
    const interner = new TextInterner();
    const codes = new Map<string, number>();
    const alphabet = ['a', 'b', 'é', '☃', '\u{1F600}', '0', ' '];
    for (let i = 0; i < 20_000; i++) {
      const text = Array.from({ length: Math.floor(next() * 4) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('') + (i % 3 === 0 ? String(i % 700) : '');
      const bytes = Buffer.concat([Buffer.from('xx'), Buffer.from(text), Buffer.from('yy')]);
      const code = interner.code(bytes, 2, bytes.length - 2);
      if (!codes.has(text)) codes.set(text, codes.size);
      expect(code, text).toBe(codes.get(text));
    }
    expect(interner.dictionary).toEqual([...codes.keys()]);
  });

  it('tells apart texts of one length and decodes broken UTF-8 as Buffer does', () => {
    const interner = new TextInterner();
    const texts = [Buffer.from('ab/é'), Buffer.from('ab/xy'), Buffer.from([0x61, 0xc3]), Buffer.from([0x61, 0xc4]), Buffer.from('')];
    expect(texts.map((bytes) => interner.code(bytes, 0, bytes.length))).toEqual([0, 1, 2, 3, 4]);
    expect(texts.map((bytes) => interner.code(bytes, 0, bytes.length))).toEqual([0, 1, 2, 3, 4]);
    expect(interner.dictionary).toEqual(texts.map((bytes) => bytes.toString('utf8')));
  });
});
