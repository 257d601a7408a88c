import mqtt, { type IClientOptions, type MqttClient, type Packet } from 'mqtt';
import { mqttTopicsRule, translate, type TaskValues } from '@tscloud/contracts';
import type { SourceBatch, SourceProgress, SourceReader, SourceRecord } from '../pipeline/types';
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
 * hold the acknowledgement packet itself instead and send it on commit. The position is the receive sequence
 * number (meaningful within one run: the broker's session is the durable position).
 */
export class MqttSource implements SourceReader {
  private client: MqttClient | undefined;
  private queue: Array<{ record: SourceRecord; bytes: number }> = [];
  private sequence = 0;
  private handedOut = 0;
  /** Acknowledgements waiting for committed(): a PUBACK by its packet id alone, a PUBREC (QoS 2) as mqtt.js sends it. */
  private readonly heldAcks: Array<{ sequence: number; id: number; send: (() => void) | null }> = [];
  /** Packet ids of messages received and not yet acknowledged: a redelivery after a reconnect is not read twice. */
  private readonly unacknowledged = new Set<number>();
  /** mqtt.js's own packet sender (holdAcknowledgements). */
  private sendPacket: ((packet: Packet) => void) | undefined;
  private wake: (() => void) | undefined;
  private paused = false;
  private read = 0;
  private readonly topics: Array<{ topic: string; qos: 0 | 1 | 2 }>;
  private readonly holdAcks: boolean;

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
    const client = mqtt.connect(url, options);
    this.client = client;
    if (this.holdAcks) this.holdAcknowledgements(client);
    client.on('message', (topic, payload, packet) => this.receive(topic, payload, packet));
    await connected(client, url);
    // A persistent session keeps its subscriptions; subscribing again is harmless and covers a first run.
    await client.subscribeAsync(Object.fromEntries(this.topics.map(({ topic, qos }) => [topic, { qos }])));
  }

  /** Wraps mqtt.js's packet sender: acknowledgements of received messages wait for committed(). */
  private holdAcknowledgements(client: MqttClient): void {
    const internal = client as unknown as { _sendPacket: (packet: Packet, done?: () => void) => void };
    const send = internal._sendPacket.bind(client);
    this.sendPacket = send;
    internal._sendPacket = (packet, done) => {
      if (packet.cmd !== 'puback' && packet.cmd !== 'pubrec') return send(packet, done);
      const id = packet.messageId!;
      this.heldAcks.push({ sequence: this.sequence, id, send: packet.cmd === 'pubrec' ? () => send(packet) : null });
      done?.();
    };
  }

  private receive(topic: string, payload: Buffer, packet: { qos: number; dup?: boolean; messageId?: number }): void {
    if (this.holdAcks && packet.qos > 0 && packet.messageId !== undefined) {
      // The broker sends what we have not acknowledged again after a reconnect (DUP): we hold that one already.
      if (packet.dup && this.unacknowledged.has(packet.messageId)) return;
      this.unacknowledged.add(packet.messageId);
    }
    this.sequence++;
    this.read++;
    this.queue.push({ record: { fields: { ts: Date.now(), topic, qos: packet.qos, payload: payload.toString('utf8') } }, bytes: payload.length + topic.length });
    if (this.queue.length >= HIGH_WATER && !this.paused) {
      this.paused = true;
      this.client?.stream.pause();
    }
    this.wake?.();
  }

  async next(max: number, waitMs: number): Promise<SourceBatch> {
    if (this.queue.length === 0 && waitMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
    const taken = this.queue.splice(0, max);
    this.handedOut += taken.length;
    if (this.paused && this.queue.length < HIGH_WATER / 2) {
      this.paused = false;
      this.client?.stream.resume();
    }
    return { records: taken.map((entry) => entry.record), bytes: taken.reduce((sum, entry) => sum + entry.bytes, 0), position: String(this.handedOut) };
  }

  async committed(position: string): Promise<void> {
    const upTo = Number(position);
    let count = 0;
    while (count < this.heldAcks.length && this.heldAcks[count].sequence <= upTo) count++;
    // One splice (not a shift per ack: quadratic over a 10,000-message batch). The PUBACKs go as one write of their
    // 4-byte packets (type, remaining length 2, packet id; valid in 3.1, 3.1.1 and 5.0, where no reason code means
    // success): one mqtt.js packet write each cost several microseconds a message.
    const acks = this.heldAcks.splice(0, count);
    const stream = this.client?.stream;
    if (!this.client?.connected || !stream || stream.destroyed) {
      // Between connections: mqtt.js queues them for the next one, as it would its own acknowledgements.
      for (const ack of acks) {
        this.unacknowledged.delete(ack.id);
        if (ack.send) ack.send();
        else this.sendPacket?.({ cmd: 'puback', messageId: ack.id });
      }
      return;
    }
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
      this.unacknowledged.delete(ack.id);
      if (ack.send) {
        flush();
        ack.send();
        continue;
      }
      pubacks[length] = PUBACK;
      pubacks[length + 1] = 2;
      pubacks.writeUInt16BE(ack.id, length + 2);
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
