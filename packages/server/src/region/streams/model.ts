import { streamDurationMs, type StreamItem, type StreamModel } from '@tscloud/contracts';
import { parse, type Statement } from 'tscloud-engine';
import type { AppDeps } from '../../deps';
import type { InstanceRow } from '../../store/schema';
import { clustersOfInstances, serverOfInstance } from '../clusters';

/** The CREATE STREAM grammar an instance speaks: our engine's classic one, or its TDengine cluster's by version. */
export async function streamModelOf(deps: Pick<AppDeps, 'store'>, row: Pick<InstanceRow, 'clusterId'>): Promise<StreamModel> {
  if (!row.clusterId) return 'classic';
  return serverOfInstance((await clustersOfInstances(deps.store.db, [row])).get(row.clusterId)).stream_model;
}

type TriggerStream = Extract<Statement, { kind: 'createTriggerStream' }>;

/** A 3.3.7 stream's statement as ins_streams keeps it, read with the engine's parser; null when it is not one. */
function triggerStatement(sql: string): TriggerStream | null {
  try {
    const statement = parse(sql);
    return statement.kind === 'createTriggerStream' ? statement : null;
  } catch {
    return null;
  }
}

/**
 * What the Streams screen shows of a 3.3.7 stream: its ins_streams row has no source, target, trigger or watermark
 * columns (3.3.6's had), so they are read from its statement — the source and output as written (the stream's own
 * database where a name has none), the trigger in the classic list's words ('max delay' when the option is given).
 */
export function triggerStreamFields(sql: string, db: string): Pick<StreamItem, 'source_db' | 'target_db' | 'target_table' | 'trigger' | 'watermark_ms'> {
  const statement = triggerStatement(sql);
  const option = (name: string) => statement?.options.find((o) => o.option === name);
  const watermark = option('WATERMARK');
  return {
    source_db: statement?.from?.db?.name ?? db,
    target_db: statement?.into?.db?.name ?? db,
    target_table: statement?.into?.name.name ?? '',
    trigger: option('MAX_DELAY') ? 'max delay' : 'window close',
    watermark_ms: watermark && 'duration' in watermark ? streamDurationMs(watermark.duration.text) || 0 : 0,
  };
}
