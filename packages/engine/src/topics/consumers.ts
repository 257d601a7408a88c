import type { UserDef } from '../catalog/model';
import { TdCode, TdError } from '../errors';
import { vgroupLayout } from '../query';
import { MAX_GROUP_ID, type Block, type ConsumerConfig, type OffsetReset, type Position, type TopicDef } from './model';
import type { MessageBody, TopicManager } from './topics';

/** TDengine's defaults and ranges (tmq_conf_set): session.timeout.ms 6000..1800000, max.poll.interval.ms ≥ 1000. */
export const SESSION_TIMEOUT_MS = 12_000;
export const MAX_POLL_INTERVAL_MS = 300_000;
const SESSION_RANGE = [6000, 1_800_000] as const;
const MIN_POLL_INTERVAL_MS = 1000;
/** How often consumers past their session timeout or poll interval are looked for. */
const SWEEP_MS = 200;

export interface Message {
  id: number;
  topic: string;
  db: string;
  vgroupId: number;
  /** the position the message starts at and the one after it */
  offset: Position;
  next: Position;
  body: MessageBody;
  /** blocks handed out by fetch so far */
  fetched: number;
}

export interface Consumer {
  id: string;
  config: ConsumerConfig;
  user: string;
  fqdn: string;
  topics: string[];
  status: 'ready' | 'rebalancing';
  upTime: number;
  subscribeTime: number;
  rebalanceTime: number;
  /** start of the newest poll, or its end once it returned (max.poll.interval.ms counts between polls) */
  lastPoll: number;
  /** polls under way (a blocking poll is not a missed poll) */
  polling: number;
  /** last sign of life: any request or a WebSocket pong (session.timeout.ms) */
  lastHeartbeat: number;
  lastCommit: number;
  /** topic → vgroup index → position; undefined = nothing committed and reset `none` */
  assignment: Map<string, Map<number, Position | undefined>>;
  /** `topic \0 vgroup index` → rows delivered */
  rows: Map<string, number>;
  cursor: number;
  nextMessageId: number;
  message?: Message;
}

export interface TopicVgroup {
  topic: string;
  vgroupId: number;
}

/** The subscribe options a client gives (TMQ names, facts §3.1), already parsed. */
export interface SubscribeRequest {
  groupId: string;
  clientId?: string;
  offsetReset?: string;
  autoCommit?: boolean;
  autoCommitIntervalMs?: number;
  sessionTimeoutMs?: number;
  maxPollIntervalMs?: number;
  topics: string[];
}

const invalidOption = (what: string): TdError => new TdError(TdCode.INVALID_SUBSCRIBE_OPTION, `Invalid subscribe option: ${what}`);

/**
 * Consumer groups: membership, the assignment of vgroups to the members of a group subscribed to a topic
 * (round-robin over members in join order, recomputed whenever one joins or leaves), positions, commits and polls.
 */
export class ConsumerGroups {
  private readonly consumers = new Map<string, Consumer>();
  private seq = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly topics: TopicManager,
    private readonly clock: () => number = Date.now,
  ) {
    topics.isSubscribed = (topic, group) =>
      [...this.consumers.values()].some((c) => c.topics.includes(topic) && (group === undefined || c.config.groupId === group));
    topics.onTopicDropped = (topic) => {
      for (const c of [...this.consumers.values()]) if (c.topics.includes(topic)) this.leave(c.id, false);
    };
    this.timer = setInterval(() => this.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  list(): Consumer[] {
    return [...this.consumers.values()];
  }

  private vgroupBase(db: string): number {
    return vgroupLayout(this.topics.catalog).get(db)?.first ?? 0;
  }

  private canSubscribe(user: UserDef, topic: TopicDef): boolean {
    if (user.superuser || topic.owner === user.name) return true;
    if (this.topics.catalog.findDatabase(topic.db)?.owner === user.name) return true;
    return user.grants.some(
      (g) => (g.privilege === 'SUBSCRIBE' && g.table === topic.name) || ((g.privilege === 'READ' || g.privilege === 'ALL') && (g.db === '*' || g.db === topic.db)),
    );
  }

  subscribe(user: UserDef, request: SubscribeRequest, fqdn: string): Consumer {
    const groupId = request.groupId ?? '';
    if (groupId === '') throw invalidOption('group.id is required');
    if (groupId.length > MAX_GROUP_ID) throw invalidOption(`group.id longer than ${MAX_GROUP_ID} characters`);
    const clientId = request.clientId ?? '';
    if (clientId.length > MAX_GROUP_ID) throw invalidOption(`client.id longer than ${MAX_GROUP_ID} characters`);
    const reset = (request.offsetReset ?? 'latest').toLowerCase();
    if (reset !== 'earliest' && reset !== 'latest' && reset !== 'none') throw invalidOption(`auto.offset.reset ${request.offsetReset}`);
    const interval = request.autoCommitIntervalMs ?? 5000;
    if (!Number.isInteger(interval) || interval < 0) throw invalidOption('auto.commit.interval.ms');
    const session = request.sessionTimeoutMs ?? SESSION_TIMEOUT_MS;
    if (!Number.isInteger(session) || session < SESSION_RANGE[0] || session > SESSION_RANGE[1]) throw invalidOption('session.timeout.ms');
    const maxPoll = request.maxPollIntervalMs ?? MAX_POLL_INTERVAL_MS;
    if (!Number.isInteger(maxPoll) || maxPoll < MIN_POLL_INTERVAL_MS || maxPoll > 2 ** 31 - 1) throw invalidOption('max.poll.interval.ms');
    if (request.topics.length === 0) throw invalidOption('no topics');
    for (const name of request.topics) {
      const topic = this.topics.topic(name);
      if (!this.canSubscribe(user, topic)) throw TdError.permissionDenied();
    }
    const now = this.clock();
    const consumer: Consumer = {
      id: `0x${(BigInt(now) * 4096n + BigInt(++this.seq % 4096)).toString(16)}`,
      config: {
        groupId,
        clientId,
        offsetReset: reset as OffsetReset,
        autoCommit: request.autoCommit ?? true,
        autoCommitIntervalMs: interval,
        sessionTimeoutMs: session,
        maxPollIntervalMs: maxPoll,
      },
      user: user.name,
      fqdn,
      topics: [...new Set(request.topics)],
      status: 'ready',
      upTime: now,
      subscribeTime: now,
      rebalanceTime: now,
      lastPoll: now,
      polling: 0,
      lastHeartbeat: now,
      lastCommit: now,
      assignment: new Map(),
      rows: new Map(),
      cursor: 0,
      nextMessageId: 1,
    };
    this.consumers.set(consumer.id, consumer);
    this.rebalance(groupId);
    return consumer;
  }

  get(id: string): Consumer {
    const c = this.consumers.get(id);
    if (!c) throw new TdError(TdCode.CONSUMER_NOT_EXIST, 'Consumer not exist');
    return c;
  }

  /** Leaves the group; `graceful` (unsubscribe/close) commits first when auto commit is on. */
  leave(id: string, graceful: boolean): void {
    const c = this.consumers.get(id);
    if (!c) return;
    if (graceful && c.config.autoCommit) this.commitAll(c);
    this.consumers.delete(id);
    this.rebalance(c.config.groupId);
  }

  private members(group: string, topic: string): Consumer[] {
    return [...this.consumers.values()].filter((c) => c.config.groupId === group && c.topics.includes(topic)).sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  /** A newly assigned vgroup's position: the group's commit, else the snapshot then the log (earliest), the end (latest). */
  private startPosition(c: Consumer, topic: TopicDef, vg: number): Position | undefined {
    const log = this.topics.log(topic.db).vgroups[vg];
    const committed = this.topics.committed(c.config.groupId, topic.name, vg);
    if (committed !== undefined) return typeof committed === 'number' ? Math.max(committed, log.begin) : { ...committed };
    if (c.config.offsetReset === 'earliest') return topic.withMeta && topic.type !== 'column' ? { log: log.begin, meta: '' } : { log: log.begin };
    if (c.config.offsetReset === 'latest') return log.end;
    return undefined;
  }

  /** Recomputes the assignment of every topic the group's members subscribe to. */
  private rebalance(group: string): void {
    const now = this.clock();
    const topicNames = new Set([...this.consumers.values()].filter((c) => c.config.groupId === group).flatMap((c) => c.topics));
    for (const name of topicNames) {
      const topic = this.topics.state.topics[name];
      if (!topic) continue;
      const members = this.members(group, name);
      const count = this.topics.log(topic.db).vgroups.length;
      members.forEach((c, m) => {
        const mine = new Set(Array.from({ length: count }, (_, vg) => vg).filter((vg) => vg % members.length === m));
        const current = c.assignment.get(name) ?? new Map<number, Position | undefined>();
        const next = new Map<number, Position | undefined>();
        let changed = current.size !== mine.size;
        for (const vg of mine) {
          if (current.has(vg)) next.set(vg, current.get(vg));
          else {
            changed = true;
            next.set(vg, this.startPosition(c, topic, vg));
          }
        }
        c.assignment.set(name, next);
        if (changed) {
          c.rebalanceTime = now;
          if (c.message?.topic === name) c.message = undefined;
        }
      });
    }
  }

  private pairs(c: Consumer): [TopicDef, number][] {
    const out: [TopicDef, number][] = [];
    for (const [name, vgs] of c.assignment) {
      const topic = this.topics.state.topics[name];
      if (topic) for (const vg of [...vgs.keys()].sort((a, b) => a - b)) out.push([topic, vg]);
    }
    return out;
  }

  /**
   * The next message for the consumer (advancing its position past it), waiting up to `blockingMs` for new
   * data. Undefined when nothing arrived. Error 0x0A0D when reset is `none` and a vgroup has no commit.
   */
  async poll(id: string, blockingMs: number): Promise<Message | undefined> {
    const c = this.get(id);
    c.polling++;
    try {
      return await this.pollOnce(c, blockingMs);
    } finally {
      c.polling--;
      c.lastPoll = c.lastHeartbeat = this.clock();
    }
  }

  private async pollOnce(c: Consumer, blockingMs: number): Promise<Message | undefined> {
    const id = c.id;
    const deadline = this.clock() + Math.max(0, blockingMs);
    for (;;) {
      c.lastPoll = c.lastHeartbeat = this.clock();
      this.maybeAutoCommit(c);
      c.message = undefined;
      const pairs = this.pairs(c);
      for (let k = 0; k < pairs.length; k++) {
        const index = (c.cursor + k) % pairs.length;
        const [topic, vg] = pairs[index];
        const positions = c.assignment.get(topic.name)!;
        const from = positions.get(vg);
        if (from === undefined) throw new TdError(TdCode.TQ_NO_COMMITTED_OFFSET, 'TQ no committed offset');
        const result = await this.topics.read(topic, vg, from);
        if (!this.consumers.has(id) || c.assignment.get(topic.name)?.get(vg) !== from) continue; // left or rebalanced meanwhile
        positions.set(vg, result.next);
        if (!result.body) continue;
        c.cursor = index + 1;
        const offset = typeof from === 'number' ? Math.max(from, this.topics.log(topic.db).vgroups[vg].begin) : from;
        const message: Message = {
          id: c.nextMessageId++,
          topic: topic.name,
          db: topic.db,
          vgroupId: this.vgroupBase(topic.db) + vg,
          offset,
          next: result.next,
          body: result.body,
          fetched: 0,
        };
        if (result.body.kind === 'data') {
          const key = `${topic.name}\u0000${vg}`;
          c.rows.set(key, (c.rows.get(key) ?? 0) + result.body.blocks.reduce((n, b) => n + b.rows.length, 0));
        }
        c.message = message;
        return message;
      }
      const left = deadline - this.clock();
      if (left <= 0 || !this.consumers.has(id)) return undefined;
      const dbs = [...new Set(pairs.map(([t]) => t.db))];
      if (dbs.length === 0) await new Promise((r) => setTimeout(r, Math.min(left, 100)));
      else await Promise.race(dbs.map((db) => this.topics.log(db).waitForAppend(left)));
    }
  }

  /** The next block of the consumer's current message, or undefined when every block was handed out. */
  fetch(id: string, messageId: number): Block | undefined {
    const c = this.get(id);
    const m = c.message;
    if (!m || m.id !== messageId) throw new TdError(TdCode.INVALID_SUBSCRIBE_OPTION, `message ${messageId} is not the current message`);
    if (m.body.kind !== 'data' || m.fetched >= m.body.blocks.length) return undefined;
    return m.body.blocks[m.fetched++];
  }

  private vgIndex(topic: TopicDef, vgroupId: number): number {
    const index = vgroupId - this.vgroupBase(topic.db);
    if (!Number.isInteger(index) || index < 0 || index >= this.topics.log(topic.db).vgroups.length) {
      throw new TdError(TdCode.INVALID_SUBSCRIBE_OPTION, `vgroup ${vgroupId} is not a vgroup of topic ${topic.name}`);
    }
    return index;
  }

  private assigned(c: Consumer, topicName: string, vgroupId: number): { topic: TopicDef; vg: number; positions: Map<number, Position | undefined> } {
    const topic = this.topics.topic(topicName);
    const vg = this.vgIndex(topic, vgroupId);
    const positions = c.assignment.get(topicName);
    if (!positions || !positions.has(vg)) throw new TdError(TdCode.INVALID_SUBSCRIBE_OPTION, `vgroup ${vgroupId} of topic ${topicName} is not assigned to this consumer`);
    return { topic, vg, positions };
  }

  /** Commits the message's vgroup up to the end of the message, or (no message id) every current position. */
  commit(id: string, messageId?: number): void {
    const c = this.get(id);
    if (messageId !== undefined && messageId > 0) {
      const m = c.message;
      if (!m || m.id !== messageId) throw new TdError(TdCode.INVALID_SUBSCRIBE_OPTION, `message ${messageId} is not the current message`);
      const topic = this.topics.topic(m.topic);
      this.topics.commit(c.config.groupId, m.topic, new Map([[this.vgIndex(topic, m.vgroupId), m.next]]));
    } else this.commitAll(c);
    c.lastCommit = this.clock();
  }

  /** Commits a position given by the client (a log offset or a snapshot position text, see model.ts). */
  commitOffset(id: string, topicName: string, vgroupId: number, offset: Position | undefined): void {
    const c = this.get(id);
    const { vg } = this.assigned(c, topicName, vgroupId);
    if (offset === undefined) throw new TdError(TdCode.INVALID_SUBSCRIBE_OPTION, 'invalid offset');
    this.topics.commit(c.config.groupId, topicName, new Map([[vg, offset]]));
  }

  private commitAll(c: Consumer): void {
    for (const [topic, positions] of c.assignment) {
      const offsets = new Map<number, Position>();
      for (const [vg, pos] of positions) if (pos !== undefined) offsets.set(vg, pos);
      this.topics.commit(c.config.groupId, topic, offsets);
    }
    c.lastCommit = this.clock();
  }

  private maybeAutoCommit(c: Consumer): void {
    if (c.config.autoCommit && this.clock() - c.lastCommit >= c.config.autoCommitIntervalMs) this.commitAll(c);
  }

  /** Moves the position of an assigned vgroup: a log offset within [begin, end], or a snapshot position. */
  seek(id: string, topicName: string, vgroupId: number, offset: Position | undefined): void {
    const c = this.get(id);
    const { topic, vg, positions } = this.assigned(c, topicName, vgroupId);
    const log = this.topics.log(topic.db).vgroups[vg];
    const at = typeof offset === 'number' ? offset : offset?.log;
    if (offset === undefined || at === undefined || (typeof offset === 'number' && at < log.begin) || at > log.end) {
      throw new TdError(TdCode.INVALID_SUBSCRIBE_OPTION, `offset ${String(at)} outside [${log.begin}, ${log.end}]`);
    }
    positions.set(vg, typeof offset === 'number' ? offset : { ...offset });
    if (c.message?.topic === topicName) c.message = undefined;
  }

  assignment(id: string, topicName: string): { vgroup_id: number; offset: Position | null; begin: number; end: number }[] {
    const c = this.get(id);
    const topic = this.topics.topic(topicName);
    const positions = c.assignment.get(topicName);
    if (!positions) throw new TdError(TdCode.INVALID_SUBSCRIBE_OPTION, `topic ${topicName} is not subscribed`);
    const log = this.topics.log(topic.db);
    const base = this.vgroupBase(topic.db);
    return [...positions.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([vg, pos]) => ({ vgroup_id: base + vg, offset: pos ?? null, begin: log.vgroups[vg].begin, end: log.vgroups[vg].end }));
  }

  committed(id: string, pairs: TopicVgroup[]): (Position | null)[] {
    const c = this.get(id);
    return pairs.map((p) => {
      const topic = this.topics.topic(p.topic);
      return this.topics.committed(c.config.groupId, p.topic, this.vgIndex(topic, p.vgroupId)) ?? null;
    });
  }

  position(id: string, pairs: TopicVgroup[]): (Position | null)[] {
    const c = this.get(id);
    return pairs.map((p) => {
      const { vg, positions } = this.assigned(c, p.topic, p.vgroupId);
      return positions.get(vg) ?? null;
    });
  }

  /** A sign of life from the consumer's client (a request or a WebSocket pong). */
  heartbeat(id: string): void {
    const c = this.consumers.get(id);
    if (c) c.lastHeartbeat = this.clock();
  }

  /**
   * Removes consumers silent for longer than their session.timeout.ms or not polling for longer than their
   * max.poll.interval.ms, without committing (as a vanished client); their vgroups go to the rest of the group.
   */
  sweep(): void {
    const now = this.clock();
    for (const c of [...this.consumers.values()]) {
      // a poll under way (blocking up to 60 s) is a sign of life too: library consumers have no pings
      if (c.polling > 0) continue;
      const silent = now - c.lastHeartbeat > c.config.sessionTimeoutMs;
      const idle = now - c.lastPoll > c.config.maxPollIntervalMs;
      if (silent || idle) this.leave(c.id, false);
    }
  }

  close(): void {
    clearInterval(this.timer);
  }
}
