import { streamDisplayStatus, streamStatusActive, type StreamItem, type StreamModel, type StreamOutput } from '@tscloud/contracts';
import { ApiError } from '../../http/api-error';
import type { EngineTarget } from '../engine-client/rest-call';
import { quoteName, quoteText } from '@tscloud/contracts/sql';
import { timeOf } from '../engine-client/timestamps';
import { rowsOf, streamSql, refused } from './engine';
import { triggerStreamFields } from './model';

/** The streams the engine user sees (ins_streams lists the streams of the databases the user can see). */
export async function listStreams(engine: EngineTarget, model: StreamModel, name?: string): Promise<StreamItem[]> {
  const streams = model === 'triggers' ? await triggerModelStreams(engine, name) : await classicStreams(engine, name);
  return streams.sort((a, b) => a.name.localeCompare(b.name));
}

function item(stream: unknown, status: unknown, sql: unknown, created: unknown, fields: Pick<StreamItem, 'source_db' | 'target_db' | 'target_table' | 'trigger' | 'watermark_ms'>): StreamItem {
  const display = streamDisplayStatus(String(status));
  return { name: String(stream), status: display, engine_status: String(status), active: streamStatusActive(display), sql: String(sql ?? ''), ...fields, create_time: timeOf(created) };
}

/** 3.3.7's ins_streams: the stream's database and statement; the rest is read from the statement. */
async function triggerModelStreams(engine: EngineTarget, name?: string): Promise<StreamItem[]> {
  const rows = await rowsOf(
    engine,
    'SELECT `stream_name`, `db_name`, `create_time`, `sql`, `status` FROM information_schema.ins_streams' + (name ? ` WHERE stream_name = ${quoteText(name)}` : ''),
  );
  return rows.map(([stream, db, created, sql, status]) => item(stream, status, sql, created, triggerStreamFields(String(sql ?? ''), String(db))));
}

async function classicStreams(engine: EngineTarget, name?: string): Promise<StreamItem[]> {
  const rows = await rowsOf(
    engine,
    'SELECT `stream_name`, `create_time`, `sql`, `status`, `source_db`, `target_db`, `target_table`, `watermark`, `trigger` FROM information_schema.ins_streams' +
      (name ? ` WHERE stream_name = ${quoteText(name)}` : ''),
  );
  return rows.map(([stream, created, sql, status, sourceDb, targetDb, targetTable, watermark, trigger]) =>
    item(stream, status, sql, created, { source_db: String(sourceDb), target_db: String(targetDb), target_table: String(targetTable), trigger: String(trigger), watermark_ms: Number(watermark ?? 0) }),
  );
}

/** One visible stream, else 404 (a stream of a database the member cannot see is not shown). */
export async function findStream(engine: EngineTarget, model: StreamModel, name: string): Promise<StreamItem> {
  const found = (await listStreams(engine, model, name)).find((s) => s.name === name);
  if (!found) throw ApiError.notFound('error.streamNotFound');
  return found;
}

/** The output super table's row count and newest rows, read as the member. */
export async function streamOutput(engine: EngineTarget, stream: StreamItem, limit: number): Promise<StreamOutput> {
  const table = `${quoteName(stream.target_db)}.${quoteName(stream.target_table)}`;
  const base = { name: stream.name, target_db: stream.target_db, target_table: stream.target_table };
  const counted = await streamSql(engine, `SELECT count(*) FROM ${table}`);
  if (counted.code !== 0) throw refused(counted);
  const described = await rowsOf(engine, `DESCRIBE ${table}`);
  const first = String(described[0]?.[0] ?? '_wstart');
  const answer = await streamSql(engine, `SELECT *, tbname FROM ${table} ORDER BY ${quoteName(first)} DESC LIMIT ${limit}`);
  if (answer.code !== 0) throw refused(answer);
  return {
    ...base,
    total: Number(counted.data?.[0]?.[0] ?? 0),
    columns: (answer.column_meta ?? []).map((c) => c[0]),
    rows: answer.data ?? [],
  };
}
