import type { Duplex, Writable } from 'node:stream';
import type { MqttClient } from 'mqtt';

/**
 * The MQTT source's hot path (docs/data-in.md "Sources", docs/benchmarks.md "Data in", fourth pass): PUBLISH packets
 * of QoS 0 and 1 are read straight from the connection's bytes, without mqtt.js's packet parser and handlers (~10 µs
 * a message of the task worker's CPU, most of it). Everything else — CONNACK, SUBACK, PINGRESP, DISCONNECT, QoS 2,
 * an MQTT 5 PUBLISH that names its topic by alias only — goes on to mqtt.js in order, which keeps the connection,
 * keep-alive, reconnects, TLS and authentication as before.
 */

const PUBLISH = 3;

/**
 * A decoded PUBLISH of QoS 0 or 1, as arguments rather than an object a message: the read it lies in (`read`; the
 * same Buffer for every message of one socket read), the byte ranges of its topic and payload there, its QoS, DUP
 * flag, packet id (QoS 1; 0 for QoS 0) and the time (ms) its socket read came.
 */
export type PublishHandler = (
  read: Buffer,
  topicStart: number,
  topicEnd: number,
  payloadStart: number,
  payloadEnd: number,
  qos: 0 | 1,
  dup: boolean,
  messageId: number,
  receivedAt: number,
) => void;

/**
 * Splits a connection's incoming bytes into MQTT packets by their fixed header (type and flags, then the remaining
 * length as a variable byte integer): a PUBLISH of QoS 0 or 1 is decoded and handed to `onPublish`; the bytes of any
 * other packet are handed to `passOn` (mqtt.js's parser), in the order they came. A packet cut between two chunks
 * waits for the rest.
 */
export class PacketSplitter {
  private pending: Buffer | null = null;
  /** After a malformed length every byte goes to mqtt.js, whose parser reports the error. */
  private passThrough = false;
  /** One receive time a socket read: its messages arrived together. */
  private receivedAt = 0;

  constructor(
    private readonly version: 3 | 4 | 5,
    private readonly onPublish: PublishHandler,
    private readonly passOn: (bytes: Buffer) => void,
  ) {}

  push(chunk: Buffer): void {
    if (this.passThrough) return this.passOn(chunk);
    const buffer = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    this.receivedAt = Date.now();
    let at = 0;
    /** The start of bytes not yet handed on to mqtt.js (a run of other packets is passed on as one piece). */
    let passFrom = 0;
    while (at < buffer.length) {
      // Remaining length: up to four bytes, seven bits each, low first.
      let length = 0;
      let multiplier = 1;
      let cursor = at + 1;
      let complete = false;
      for (let i = 0; i < 4 && cursor < buffer.length; i++) {
        const byte = buffer[cursor++];
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        if ((byte & 0x80) === 0) {
          complete = true;
          break;
        }
      }
      if (!complete) {
        if (cursor - at - 1 >= 4) {
          // Five length bytes: not MQTT. mqtt.js's parser names the error and closes the connection.
          this.passThrough = true;
          return this.passOn(buffer.subarray(passFrom));
        }
        break;
      }
      const end = cursor + length;
      if (end > buffer.length) break;
      const first = buffer[at];
      const qos = (first >> 1) & 3;
      if (first >> 4 === PUBLISH && qos < 2 && this.decode(buffer, first, qos as 0 | 1, cursor, end)) {
        if (at > passFrom) this.passOn(buffer.subarray(passFrom, at));
        passFrom = end;
      }
      at = end;
    }
    if (at > passFrom) this.passOn(buffer.subarray(passFrom, at));
    if (at < buffer.length) this.pending = buffer.subarray(at);
  }

  /** Decodes one PUBLISH (variable header from `start`); false leaves it to mqtt.js (an MQTT 5 topic alias). */
  private decode(buffer: Buffer, first: number, qos: 0 | 1, start: number, end: number): boolean {
    const topicLength = buffer.readUInt16BE(start);
    // MQTT 5: an empty topic names it by a Topic Alias, which only mqtt.js's handler knows how to refuse or resolve.
    if (topicLength === 0) return false;
    const topicStart = start + 2;
    const topicEnd = topicStart + topicLength;
    let at = topicEnd;
    let messageId = 0;
    if (qos > 0) {
      messageId = buffer.readUInt16BE(at);
      at += 2;
    }
    if (this.version === 5) {
      // Properties (message expiry, content type, user properties, …): not part of the record; skipped.
      let propertiesLength = 0;
      let multiplier = 1;
      for (let i = 0; i < 4; i++) {
        const byte = buffer[at++];
        propertiesLength += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        if ((byte & 0x80) === 0) break;
      }
      at += propertiesLength;
    }
    if (at > end) return false;
    this.onPublish(buffer, topicStart, topicEnd, at, end, qos, (first & 0x08) !== 0, messageId, this.receivedAt);
    return true;
  }
}

/**
 * Puts a PacketSplitter between each connection mqtt.js opens (the first and every reconnect) and mqtt.js's parser:
 * mqtt.js pipes its stream into its parser, so the stream's `pipe` is replaced by our reading. Call before
 * `client.connect()` (the client made with `manualConnect`). `holding()` says whether the reader has paused the socket
 * itself (its backlog): mqtt.js's parser catching up does not resume it then.
 */
export function tapPublishes(client: MqttClient, version: 3 | 4 | 5, onPublish: (stream: Duplex) => PublishHandler, holding: () => boolean): void {
  const internal = client as unknown as { streamBuilder: (client: MqttClient) => Duplex };
  const build = internal.streamBuilder;
  internal.streamBuilder = (owner) => {
    const stream = build(owner);
    stream.pipe = <T extends NodeJS.WritableStream>(destination: T): T => {
      const parser = destination as unknown as Writable;
      let waitingForParser = false;
      const splitter = new PacketSplitter(
        version,
        onPublish(stream),
        (bytes) => {
          // mqtt.js handles a packet at a time: while its parser is behind, the socket waits (as pipe would).
          if (!parser.write(bytes) && !waitingForParser) {
            waitingForParser = true;
            stream.pause();
            parser.once('drain', () => {
              waitingForParser = false;
              if (!holding()) stream.resume();
            });
          }
        },
      );
      stream.on('data', (chunk: Buffer) => splitter.push(chunk));
      stream.once('end', () => parser.end());
      return destination;
    };
    return stream;
  };
}
