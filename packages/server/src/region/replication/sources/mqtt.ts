import type { Duplex } from 'node:stream';
import mqtt, { type IClientOptions, type MqttClient, type Packet } from 'mqtt';
import { mqttTopicsRule, translate, type TaskValues } from '@tscloud/contracts';
import type { ColumnChunk, SourceBatch, SourceProgress, SourceReader, SourceRecord } from '../pipeline/types';
import { flatJsonChunker } from '../transform/json-columns';
import { messageBytes, payloadText, topicText, type MessageBatch } from '../pipeline/messages';
import { MessageQueue } from './message-queue';
import { tapPublishes, type PublishHandler } from './mqtt-publish-tap';
import { pinTarget, type TargetGuard } from './target';
import { flag, integer, text } from './values';

/** `a::0,b/c::1` → [{ topic, qos }] (the format mqttTopicsRule checks, §5). */
export function parseTopics(value: string): Array<{ topic: string; qos: 0 | 1 | 2 }> {
  const problem = mqttTopicsRule(value) ?? (value.trim() === '' ? 'datasource.validation.mqttTopics' : null);
  if (problem) throw new Error(translate(problem, 'en'));
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.lastIndexOf('::');
      return { topic: entry.slice(0, at), qos: Number(entry.slice(at + 2)) as 0 | 1 | 2 };
    });
}

const PROTOCOL_VERSIONS: Record<string, 3 | 4 | 5> = { '3.1': 3, '3.1.1': 4, '5.0': 5, '5': 5 };
/** The first byte of a PUBACK packet (type 4, no flags). */
const PUBACK = 0x40;
/** A PUBACK: type 4, remaining length 2, the packet id (valid in 3.1, 3.1.1 and 5.0, where no reason code means success). */
function putPuback(into: Buffer, at: number, id: number): void {
  into[at] = PUBACK;
  into[at + 1] = 2;
  into.writeUInt16BE(id, at + 2);
}

function pubackPackets(ids: number[]): Buffer {
  const packets = Buffer.allocUnsafe(4 * ids.length);
  for (let i = 0; i < ids.length; i++) putPuback(packets, 4 * i, ids[i]);
  return packets;
}

/** Above this many unread messages the socket pauses, so a slow engine slows the broker, not our memory. */
const HIGH_WATER = 50_000;

export function mqttOptions(values: TaskValues, connectTimeoutMs = 10_000): { url: string; options: IClientOptions } {
  const version = PROTOCOL_VERSIONS[text(values, 'version', '3.1')] ?? 3;
  const protocol = text(values, 'protocol', 'mqtt') === 'mqtts' ? 'mqtts' : 'mqtt';
  return {
    url: `${protocol}://${text(values, 'host', '127.0.0.1')}:${integer(values, 'port', 1883)}`,
    options: {
      clientId: text(values, 'client_id') || undefined,
      protocolVersion: version,
      ...(version === 3 ? { protocolId: 'MQIsdp' } : {}),
      clean: flag(values, 'clean_session', true),
      // MQTT 5 ends a session with its connection unless given an expiry: without one, clean session false would keep
      // nothing across a restart. Never expiring is what 3.1 and 3.1.1 do with clean session false.
      ...(version === 5 && !flag(values, 'clean_session', true) ? { properties: { sessionExpiryInterval: 0xffffffff } } : {}),
      keepalive: integer(values, 'keep_alive', 60),
      username: text(values, 'username') || undefined,
      password: text(values, 'password') || undefined,
      connectTimeout: connectTimeoutMs,
      // Set by the target guard (target.ts) when the host is replaced by its checked address: the certificate's name.
      servername: text(values, 'servername') || undefined,
      reconnectPeriod: 1_000,
      // mqtt.js logs about ten lines a packet through `debug`; even switched off they cost microseconds a message.
      log: () => undefined,
    },
  };
}

/** The first CONNACK; a refusal or a connection that closes first fails, and stops mqtt.js from retrying. */
export function connected(client: MqttClient, url: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      client.off('connect', onConnect);
      client.off('error', settle);
      client.off('close', onClose);
      if (!error) return resolve();
      client.end(true);
      reject(error);
    };
    const onConnect = () => settle();
    const onClose = () => settle(new Error(`the broker at ${url} is not reachable or closed the connection`));
    client.on('connect', onConnect);
    client.on('error', settle);
    client.on('close', onClose);
  });
}

/**
 * An MQTT subscription (3.1, 3.1.1, 5.0). Records: ts (receive time, ms), topic, qos, payload (UTF-8 text).
 * With a persistent session (clean session false) a QoS 1/2 message is acknowledged only in committed(), after the
 * engine wrote it, so a crash before that makes the broker deliver it again. mqtt.js sends PUBACK/PUBREC as soon as
 * its handler returns and handles packets one at a time, so holding the handler would stall the connection: we
 * hold the acknowledgement packet itself instead and send it on commit. QoS 0/1 messages are read by a tap on the
 * socket (mqtt-publish-tap.ts) before mqtt.js's parser, which keeps the rest of the protocol. The position is the
 * receive sequence number (meaningful within one run: the broker's session is the durable position).
 */
export class MqttSource implements SourceReader {
  private client: MqttClient | undefined;
  /**
   * Unread messages as the socket's reads and numbers (message-queue.ts): a record or text is made only when its
   * batch is taken. Records waiting in a backlog (up to HIGH_WATER) outlived the young generation's collections.
   */
  private readonly queued = new MessageQueue();
  private sequence = 0;
  private handedOut = 0;
  /** Acknowledgements waiting for committed(): a PUBACK by its packet id alone, a PUBREC (QoS 2) as mqtt.js sends it. */
  private readonly heldAcks: Array<{ sequence: number; id: number; send: (() => void) | null }> = [];
  /**
   * Packet ids (1–65535) of messages received and not yet acknowledged, as flags: a redelivery after a reconnect is
   * not read twice. A Set's add and delete a message cost more than the rest of taking it.
   */
  private readonly unacknowledged = new Uint8Array(65_536);
  /** mqtt.js's own packet sender (holdAcknowledgements). */
  private sendPacket: ((packet: Packet) => void) | undefined;
  /** PUBRECs released by committed(): they pass through the hold in _sendPacket. */
  private readonly released = new WeakSet<Packet>();
  /** The receive sequence number up to which messages are committed (their acknowledgements may go). */
  private committedUpTo = 0;
  /** PUBACKs of a clean session's tapped messages, gathered over one socket read and written together. */
  private immediateAcks: number[] = [];
  private wake: (() => void) | undefined;
  private paused = false;
  /** Until the SUBACK came the socket never pauses (it would wait behind the session's queue). */
  private subscribed = false;
  private read = 0;
  private readonly topics: Array<{ topic: string; qos: 0 | 1 | 2 }>;
  private readonly holdAcks: boolean;
  /** Set by offerFlatJson: batches are handed out as column chunks where every payload scans (json-columns.ts). */
  private chunker: ((messages: MessageBatch) => ColumnChunk | null) | undefined;

  constructor(
    private readonly values: TaskValues,
    private readonly guard?: TargetGuard,
  ) {
    this.topics = parseTopics(text(values, 'topics'));
    this.holdAcks = !flag(values, 'clean_session', true);
  }

  async open(): Promise<void> {
    // The target guard first (target.ts): the client connects to the address it checked.
    const { url, options } = mqttOptions(await pinTarget('mqtt', this.values, this.guard));
    const client = mqtt.connect(url, { ...options, manualConnect: true });
    this.client = client;
    if (this.holdAcks) this.holdAcknowledgements(client);
    // QoS 0/1 PUBLISH packets are read from the socket's bytes (mqtt-publish-tap.ts). Not with a QoS 2 topic: its
    // messages go through mqtt.js, and a tapped QoS 1 message could then overtake one of them.
    if (this.topics.every((entry) => entry.qos < 2)) {
      tapPublishes(client, options.protocolVersion as 3 | 4 | 5, (stream) => this.tapHandler(stream), () => this.paused);
    }
    client.on('message', (topic, payload, packet) => this.receive(topic, payload, packet));
    if (this.holdAcks) client.on('connect', () => this.sendCommittedAcks());
    const ready = connected(client, url);
    // manualConnect only held the first connection back until the tap was in place; left on, end() would not stop
    // mqtt.js's reconnecting.
    client.options.manualConnect = false;
    client.connect();
    await ready;
    // A persistent session keeps its subscriptions; subscribing again is harmless and covers a first run. The broker
    // sends the session's queue before the SUBACK: the socket must not pause for the backlog until that came.
    await client.subscribeAsync(Object.fromEntries(this.topics.map(({ topic, qos }) => [topic, { qos }])));
    this.subscribed = true;
    this.pauseWhenBehind();
  }

  /** Wraps mqtt.js's packet sender: acknowledgements of received messages wait for committed(). */
  private holdAcknowledgements(client: MqttClient): void {
    const internal = client as unknown as { _sendPacket: (packet: Packet, done?: () => void) => void };
    const send = internal._sendPacket.bind(client);
    this.sendPacket = send;
    internal._sendPacket = (packet, done) => {
      if ((packet.cmd !== 'puback' && packet.cmd !== 'pubrec') || this.released.has(packet)) return send(packet, done);
      const id = packet.messageId!;
      this.heldAcks.push({ sequence: this.sequence, id, send: packet.cmd === 'pubrec' ? () => this.release(packet) : null });
      done?.();
    };
  }

  /** Sends an acknowledgement through mqtt.js, past the hold. */
  private release(packet: Packet): void {
    this.released.add(packet);
    this.sendPacket?.(packet);
  }

  /** A message through mqtt.js (QoS 2, or a packet the tap leaves to it); its acknowledgement is held by _sendPacket. */
  private receive(topic: string, payload: Buffer, packet: { qos: number; dup?: boolean; messageId?: number }): void {
    if (this.holdAcks && packet.qos > 0 && packet.messageId !== undefined) {
      // The broker sends what we have not acknowledged again after a reconnect (DUP): we hold that one already.
      if (packet.dup && this.unacknowledged[packet.messageId] === 1) return;
      this.unacknowledged[packet.messageId] = 1;
    }
    // Topic and payload as one read of their own (the queue holds byte ranges of reads).
    const topicBytes = Buffer.from(topic, 'utf8');
    const read = Buffer.concat([topicBytes, payload]);
    this.enqueue(read, 0, topicBytes.length, topicBytes.length, read.length, packet.qos, Date.now());
  }

  /** What the tap hands each QoS 0/1 message of a connection's stream to: mqtt.js never sees it, so its PUBACK is held or sent here. */
  tapHandler(stream: Duplex): PublishHandler {
    return (read, topicStart, topicEnd, payloadStart, payloadEnd, qos, dup, messageId, receivedAt) => {
      if (qos === 1) {
        if (this.holdAcks) {
          if (dup && this.unacknowledged[messageId] === 1) return;
          this.unacknowledged[messageId] = 1;
          this.heldAcks.push({ sequence: this.sequence + 1, id: messageId, send: null });
        } else this.acknowledgeNow(messageId, stream);
      }
      this.enqueue(read, topicStart, topicEnd, payloadStart, payloadEnd, qos, receivedAt);
    };
  }

  private acknowledgeNow(messageId: number, stream: Duplex): void {
    if (this.immediateAcks.length === 0) {
      queueMicrotask(() => {
        const ids = this.immediateAcks;
        this.immediateAcks = [];
        if (!stream.destroyed) stream.write(pubackPackets(ids));
      });
    }
    this.immediateAcks.push(messageId);
  }

  private enqueue(read: Buffer, topicStart: number, topicEnd: number, payloadStart: number, payloadEnd: number, qos: number, ts: number): void {
    this.sequence++;
    this.read++;
    this.queued.push(read, topicStart, topicEnd, payloadStart, payloadEnd, qos, ts);
    this.pauseWhenBehind();
    this.wake?.();
  }

  private pauseWhenBehind(): void {
    if (this.queued.length >= HIGH_WATER && !this.paused && this.subscribed) {
      this.paused = true;
      this.client?.stream.pause();
    }
  }

  async next(max: number, waitMs: number): Promise<SourceBatch> {
    if (this.queued.length === 0 && waitMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
    const messages = this.queued.take(max);
    const count = messages.length;
    const bytes = messageBytes(messages);
    // A batch with a payload the scanner cannot read exactly (or none) goes as records.
    const chunk = count > 0 && this.chunker ? this.chunker(messages) : null;
    const taken: SourceRecord[] = new Array(chunk ? 0 : count);
    if (!chunk) for (let i = 0; i < count; i++) taken[i] = { fields: { ts: messages.ts[i], topic: topicText(messages, i), qos: messages.qos[i], payload: payloadText(messages, i) } };
    this.handedOut += count;
    if (this.paused && this.queued.length < HIGH_WATER / 2) {
      this.paused = false;
      this.client?.stream.resume();
    }
    const position = String(this.handedOut);
    if (chunk) return { records: taken, bytes, position, columns: { slices: [{ chunk, from: 0, to: count }], length: count } };
    return { records: taken, bytes, position };
  }

  /** Column batches of payloads scanned for `keys` (transform/json-columns.ts), when the parser reads the payload. */
  offerFlatJson(from: string, keys: string[]): void {
    if (from === 'payload') this.chunker = flatJsonChunker(keys);
  }

  async committed(position: string): Promise<void> {
    this.committedUpTo = Math.max(this.committedUpTo, Number(position));
    this.sendCommittedAcks();
  }

  /**
   * The held acknowledgements of committed messages, when connected. Between connections they stay held and go on
   * the next CONNACK ('connect'): through mqtt.js's offline queue, tens of thousands of them recursed per packet.
   */
  private sendCommittedAcks(): void {
    const stream = this.client?.stream;
    if (!this.client?.connected || !stream || stream.destroyed) return;
    let count = 0;
    while (count < this.heldAcks.length && this.heldAcks[count].sequence <= this.committedUpTo) count++;
    // One splice (not a shift per ack: quadratic over a 10,000-message batch). The PUBACKs go as one write of their
    // 4-byte packets: one mqtt.js packet write each cost several microseconds a message.
    const acks = this.heldAcks.splice(0, count);
    const pubacks = Buffer.allocUnsafe(4 * acks.length);
    let from = 0;
    let length = 0;
    // PUBACKs leave in the order their messages came (MQTT 4.6), before any PUBREC that followed them.
    const flush = () => {
      if (length > from) stream.write(pubacks.subarray(from, length));
      from = length;
    };
    stream.cork();
    for (const ack of acks) {
      this.unacknowledged[ack.id] = 0;
      if (ack.send) {
        flush();
        ack.send();
        continue;
      }
      putPuback(pubacks, length, ack.id);
      length += 4;
    }
    flush();
    stream.uncork();
  }

  progress(): SourceProgress {
    return { tables: this.topics.map(({ topic }) => ({ name: topic, done: this.read, total: null })) };
  }

  /** Closes without sending held acknowledgements: what was not committed comes again next time. */
  async close(): Promise<void> {
    this.heldAcks.length = 0;
    await this.client?.endAsync(true);
  }
}
