import { describe, expect, it } from 'vitest';
import { PacketSplitter } from '../../src/region/replication/sources/mqtt-publish-tap';

/** A PUBLISH as the splitter hands it over, decoded: `bytes` is payload plus topic bytes (the source's byte counter). */
interface TappedPublish {
  topic: string;
  payload: string;
  bytes: number;
  qos: 0 | 1;
  dup: boolean;
  messageId: number;
}

/** A packet: fixed header (first byte, remaining length as a variable byte integer) and its body. */
function packet(first: number, body: Buffer): Buffer {
  const length: number[] = [];
  let rest = body.length;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    length.push(byte);
  } while (rest > 0);
  return Buffer.concat([Buffer.from([first, ...length]), body]);
}

const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);

function publish(opts: { topic: string; payload: string; qos: 0 | 1 | 2; id?: number; dup?: boolean; properties?: Buffer }): Buffer {
  const topic = Buffer.from(opts.topic, 'utf8');
  const parts: Buffer[] = [u16(topic.length), topic];
  if (opts.qos > 0) parts.push(u16(opts.id ?? 1));
  if (opts.properties) parts.push(Buffer.from([opts.properties.length]), opts.properties);
  parts.push(Buffer.from(opts.payload, 'utf8'));
  return packet(0x30 | (opts.dup ? 0x08 : 0) | (opts.qos << 1), Buffer.concat(parts));
}

const CONNACK = packet(0x20, Buffer.from([0, 0]));
const SUBACK = packet(0x90, Buffer.from([0, 1, 1]));
const PINGRESP = packet(0xd0, Buffer.alloc(0));

function split(version: 3 | 4 | 5, chunks: Buffer[]): { publishes: TappedPublish[]; passed: Buffer } {
  const publishes: TappedPublish[] = [];
  const passed: Buffer[] = [];
  const splitter = new PacketSplitter(
    version,
    (read, topicStart, topicEnd, payloadStart, payloadEnd, qos, dup, messageId) =>
      publishes.push({
        topic: read.toString('utf8', topicStart, topicEnd),
        payload: read.toString('utf8', payloadStart, payloadEnd),
        bytes: payloadEnd - payloadStart + topicEnd - topicStart,
        qos,
        dup,
        messageId,
      }),
    (bytes) => passed.push(Buffer.from(bytes)),
  );
  for (const chunk of chunks) splitter.push(chunk);
  return { publishes, passed: Buffer.concat(passed) };
}

/** Every way of cutting `bytes` in two, plus byte by byte. */
function cuts(bytes: Buffer): Buffer[][] {
  const all: Buffer[][] = [[bytes]];
  for (let at = 1; at < bytes.length; at++) all.push([bytes.subarray(0, at), bytes.subarray(at)]);
  all.push([...bytes].map((byte) => Buffer.from([byte])));
  return all;
}

describe('the MQTT source tap (PUBLISH QoS 0/1 read from the socket bytes)', () => {
  it('decodes QoS 0 and 1 PUBLISHes and passes every other packet on, in order, however the bytes are cut', () => {
    const stream = Buffer.concat([
      CONNACK,
      publish({ topic: 'a/b', payload: '{"x":1}', qos: 1, id: 7 }),
      publish({ topic: 'a/b', payload: 'zwei €', qos: 0 }),
      SUBACK,
      publish({ topic: 'c', payload: '', qos: 1, id: 65535, dup: true }),
      PINGRESP,
    ]);
    for (const chunks of cuts(stream)) {
      const { publishes, passed } = split(4, chunks);
      expect(publishes).toEqual([
        { topic: 'a/b', payload: '{"x":1}', bytes: 10, qos: 1, dup: false, messageId: 7 },
        { topic: 'a/b', payload: 'zwei €', bytes: 11, qos: 0, dup: false, messageId: 0 },
        { topic: 'c', payload: '', bytes: 1, qos: 1, dup: true, messageId: 65535 },
      ]);
      expect(passed).toEqual(Buffer.concat([CONNACK, SUBACK, PINGRESP]));
    }
  });

  it('topics and payloads in and out of ASCII, of the same byte length, however the bytes are cut', () => {
    // 'ab/é' and 'ab/xy' are both five bytes: the topic remembered from one packet must not be taken for the other's.
    const stream = Buffer.concat([
      publish({ topic: 'ab/é', payload: '{"v":"é"}', qos: 1, id: 1 }),
      publish({ topic: 'ab/xy', payload: '{"v":1}', qos: 1, id: 2 }),
      publish({ topic: 'ab/xy', payload: '{"v":2}', qos: 0 }),
      publish({ topic: 'ab/é', payload: 'plain', qos: 1, id: 3 }),
      publish({ topic: 'ab/xz', payload: '☃', qos: 1, id: 4 }),
    ]);
    for (const chunks of cuts(stream)) {
      const { publishes } = split(4, chunks);
      expect(publishes.map((p) => [p.topic, p.payload, p.bytes])).toEqual([
        ['ab/é', '{"v":"é"}', 15],
        ['ab/xy', '{"v":1}', 12],
        ['ab/xy', '{"v":2}', 12],
        ['ab/é', 'plain', 10],
        ['ab/xz', '☃', 8],
      ]);
    }
  });

  it('a payload longer than 127 bytes (a two-byte remaining length)', () => {
    const payload = 'x'.repeat(20_000);
    const { publishes } = split(4, cuts(publish({ topic: 't', payload, qos: 1, id: 3 }))[5]);
    expect(publishes.map((p) => p.payload.length)).toEqual([20_000]);
  });

  it('QoS 2 goes to mqtt.js whole (its PUBREC/PUBREL exchange stays there)', () => {
    const qos2 = publish({ topic: 't', payload: 'p', qos: 2, id: 9 });
    const { publishes, passed } = split(4, [Buffer.concat([qos2, publish({ topic: 't', payload: 'q', qos: 1, id: 10 })])]);
    expect(publishes.map((p) => p.payload)).toEqual(['q']);
    expect(passed).toEqual(qos2);
  });

  it('MQTT 5: properties are skipped; a topic given only by alias goes to mqtt.js', () => {
    // Message expiry interval (0x02, four bytes) and a user property (0x26, name and value).
    const properties = Buffer.concat([Buffer.from([0x02, 0, 0, 0, 60, 0x26]), u16(1), Buffer.from('k'), u16(1), Buffer.from('v')]);
    const withProperties = publish({ topic: 'v5/t', payload: '{"a":1}', qos: 1, id: 4, properties });
    const aliasOnly = publish({ topic: '', payload: 'p', qos: 1, id: 5, properties: Buffer.from([0x23, 0, 1]) });
    const { publishes, passed } = split(5, [Buffer.concat([withProperties, aliasOnly])]);
    expect(publishes).toEqual([{ topic: 'v5/t', payload: '{"a":1}', bytes: 11, qos: 1, dup: false, messageId: 4 }]);
    expect(passed).toEqual(aliasOnly);
  });

  it('bytes that are not MQTT (a five-byte length) go to mqtt.js, whose parser reports them', () => {
    const garbage = Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01, 0, 0]);
    const { publishes, passed } = split(4, [CONNACK, garbage, publish({ topic: 't', payload: 'p', qos: 0 })]);
    expect(publishes).toEqual([]);
    expect(passed.subarray(0, CONNACK.length + garbage.length)).toEqual(Buffer.concat([CONNACK, garbage]));
  });
});
