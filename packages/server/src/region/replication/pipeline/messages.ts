/**
 * Messages as they came off a connection (MQTT), before any of them is text (docs/data-in.md "Sources", MQTT;
 * docs/benchmarks.md "Data in", eighth pass): the socket's reads are kept as they are and each message is a few
 * numbers in typed arrays — where its topic and payload lie in which read, its receive time and QoS. A backlog of
 * tens of thousands of messages is then a handful of objects rather than strings a message (they outlived the young
 * generation's collections and were most of the source's garbage collection). Text is made only where read: a
 * record of the record path, a failed row's record, a scanned payload's texts (once each distinct text).
 */
export interface MessageBatch {
  length: number;
  /** Receive times, ms. */
  ts: Float64Array;
  qos: Uint8Array;
  /** The reads the messages lie in; message i in reads[read[i]]. */
  reads: Buffer[];
  read: Int32Array;
  topicStart: Int32Array;
  topicEnd: Int32Array;
  payloadStart: Int32Array;
  payloadEnd: Int32Array;
}

/** Message i's payload as UTF-8 text (the record path's `payload` field). */
export function payloadText(batch: MessageBatch, i: number): string {
  return batch.reads[batch.read[i]].toString('utf8', batch.payloadStart[i], batch.payloadEnd[i]);
}

export function topicText(batch: MessageBatch, i: number): string {
  return batch.reads[batch.read[i]].toString('utf8', batch.topicStart[i], batch.topicEnd[i]);
}

/** Bytes of messages [0, count): payload and topic, the source's byte counter. */
export function messageBytes(batch: MessageBatch, count = batch.length): number {
  let bytes = 0;
  for (let i = 0; i < count; i++) bytes += batch.payloadEnd[i] - batch.payloadStart[i] + batch.topicEnd[i] - batch.topicStart[i];
  return bytes;
}

/** A batch of messages given as texts (tests, benches, a sample's records): each its own read of topic and payload. */
export function messagesOf(messages: ReadonlyArray<{ ts: number; topic: string; qos: number; payload: string }>): MessageBatch {
  const length = messages.length;
  const batch: MessageBatch = {
    length,
    ts: new Float64Array(length),
    qos: new Uint8Array(length),
    reads: [],
    read: new Int32Array(length),
    topicStart: new Int32Array(length),
    topicEnd: new Int32Array(length),
    payloadStart: new Int32Array(length),
    payloadEnd: new Int32Array(length),
  };
  messages.forEach((message, i) => {
    const topic = Buffer.from(message.topic, 'utf8');
    batch.ts[i] = message.ts;
    batch.qos[i] = message.qos;
    batch.read[i] = batch.reads.push(Buffer.concat([topic, Buffer.from(message.payload, 'utf8')])) - 1;
    batch.topicEnd[i] = topic.length;
    batch.payloadStart[i] = topic.length;
    batch.payloadEnd[i] = batch.reads[i].length;
  });
  return batch;
}
