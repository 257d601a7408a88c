/** Stream records as DIR/streams.json keeps them (docs/engine-streams.md). */

/** ins_streams.status: `init` while FILL_HISTORY runs, `ready`, `paused`, `failed` (the last error is kept). */
export type StreamStatus = 'init' | 'ready' | 'paused' | 'failed';

export interface StreamRecord {
  /** lower-case stream name (stream names are global, as in TDengine) */
  name: string;
  /** numeric id, shown as ins_streams.stream_id */
  id: number;
  createTime: number;
  /** the CREATE STREAM text as written */
  sql: string;
  /** the current database when it was created (resolves unqualified names when the text is parsed again) */
  currentDb?: string;
  /** the connection zone of the CREATE (conn_tz): the stream's query runs in it (calendar windows) */
  tz?: string;
  /** who created it; results are written as this user */
  owner: string;
  /** persisted wish: paused or not (the runtime status adds init/failed) */
  paused: boolean;
  /** per output tag: 'group' (group id of the partition key) or the index of the PARTITION BY value it takes */
  tagSources: ('group' | number)[];
  /**
   * FILL_HISTORY 0: the greatest source timestamp when the stream was created (rows at or before it are history and
   * not computed); undefined with FILL_HISTORY 1 or an empty source.
   */
  historyEnd?: string;
  /**
   * INTERVAL (unless the output names derive from the source table names): the output tables each unit (source
   * table id, or 0 for the whole source) has written, so that a DELETE after a restart finds its stale rows.
   */
  outputs?: Record<string, string[]>;
  /** the greatest source timestamp seen (watermark clock), decimal string */
  maxTs?: string;
  /**
   * Low-water mark: the earliest source timestamp whose windows may not be final in the output yet (WINDOW_CLOSE /
   * MAX_DELAY pending windows, unprocessed writes). A restart recomputes from here; undefined = nothing pending.
   */
  pendingFrom?: string;
}

export interface StreamsFile {
  version: 1;
  nextId: number;
  streams: StreamRecord[];
}
