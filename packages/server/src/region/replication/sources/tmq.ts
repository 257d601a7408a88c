import { tmqIdRule, translate, type TaskValues } from '@tscloud/contracts';
import type { SourceBatch, SourceProgress, SourceReader, SourceRecord } from '../pipeline/types';
import { basicAuthorization } from '../../engine-client/rest-call';
import { TmqClient, type TmqReply } from '../../topics/tmq-client';
import { pinTarget, type TargetGuard } from './target';
import { text } from './values';

/** The longest blocking poll the engine accepts. */
const MAX_POLL_MS = 60_000;

export async function openTmq(values: TaskValues, timeoutMs = 10_000): Promise<TmqClient> {
  const endpoint = text(values, 'endpoint');
  if (!/^wss?:\/\//.test(endpoint)) throw new Error('the endpoint starts with ws:// or wss://');
  return TmqClient.open(endpoint, basicAuthorization(text(values, 'username', 'root'), text(values, 'password')), timeoutMs);
}

type Offsets = Record<string, number | string>;

/**
 * Another instance's topic through the engine's /rest/tmq consume protocol (docs/engine-tmq.md), in the task's
 * group (group.id, default the client id) with auto commit off: earliest or latest applies to a group without a
 * committed position, and committed() commits each vgroup's offset after the engine wrote the rows, so a restart
 * resumes there. Records: the row's columns and tbname. The position is the JSON of vgroup → next offset (or
 * snapshot position) of the messages fully handed out.
 */
export class TmqSource implements SourceReader {
  private client: TmqClient | undefined;
  private readonly topic: string;
  private buffered: SourceRecord[] = [];
  /** Offsets reached once the buffered rows are handed out; `handed` those of what is already out. */
  private reached: Offsets = {};
  private handed: Offsets = {};
  private rows = 0;

  constructor(
    private readonly values: TaskValues,
    private readonly guard?: TargetGuard,
  ) {
    this.topic = text(values, 'topic');
    for (const name of ['group.id', 'client.id']) if (tmqIdRule(values[name])) throw new Error(`${name}: ${translate('datasource.validation.tmqIdLength', 'en')}`);
  }

  async open(): Promise<void> {
    // The target guard first (target.ts): only the task's organization's instances among this server's engines.
    this.client = await openTmq(await pinTarget('tmq', this.values, this.guard));
    const clientId = text(this.values, 'client.id', 'tscloud-datain');
    await this.client.call('subscribe', {
      group_id: text(this.values, 'group.id', clientId),
      client_id: clientId,
      offset_reset: text(this.values, 'auto.offset.reset', 'earliest'),
      auto_commit: 'false',
      topics: [this.topic],
    });
  }

  async next(max: number, waitMs: number): Promise<SourceBatch> {
    if (this.buffered.length === 0) await this.poll(waitMs);
    const records = this.buffered.splice(0, max);
    if (this.buffered.length === 0) this.handed = { ...this.reached };
    this.rows += records.length;
    const bytes = records.reduce((sum, record) => sum + JSON.stringify(record.fields).length, 0);
    return { records, bytes, position: JSON.stringify(this.handed) };
  }

  /** One message: every block of its rows into the buffer. */
  private async poll(waitMs: number): Promise<void> {
    const client = this.client!;
    const polled = await client.call('poll', { blocking_time: Math.min(Math.max(waitMs, 0), MAX_POLL_MS) }, waitMs + 15_000);
    if (!polled.have_message) return;
    if (Number(polled.message_type) === 1) {
      for (;;) {
        const block: TmqReply = await client.call('fetch', { message_id: polled.message_id });
        if (block.completed) break;
        const names = (block.fields_names ?? []) as string[];
        for (const cells of await client.blockRows(polled.message_id, block)) {
          const fields: Record<string, unknown> = { tbname: block.table_name };
          names.forEach((name, index) => (fields[name] = cells[index]));
          this.buffered.push({ fields });
        }
      }
    }
    this.reached[String(polled.vgroup_id)] = polled.snapshot ? String(polled.end_position) : Number(polled.end_offset);
  }

  async committed(position: string): Promise<void> {
    const offsets = JSON.parse(position) as Offsets;
    for (const [vgroup, offset] of Object.entries(offsets)) {
      await this.client?.call('commit_offset', { topic: this.topic, vgroup_id: Number(vgroup), offset });
    }
  }

  progress(): SourceProgress {
    return { tables: [{ name: this.topic, done: this.rows, total: null }] };
  }

  async close(): Promise<void> {
    await this.client?.close();
    this.client = undefined;
  }
}
