import { z } from 'zod';
import { hasSeparator, quoteName } from '../sql';

/**
 * Stream create rules (platform-shell.md §5: "Stream and topic names: valid format and unique (case-sensitive names
 * need backticks)"; tdengine-facts §3.2 classic syntax; docs/streams-console.md).
 *
 * The form describes the stream (source, select list of aggregates, window, trigger and options, output); the
 * CREATE STREAM statement is built from the validated body by `streamCreateSql` — the same function on the web
 * (shown while the form is filled) and on the server (what runs). Names are always written in backticks, so their
 * case is kept as typed (§5).
 */
export const STREAM_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,191}$/;
export const STREAM_DB_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const STREAM_TABLE_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,191}$/;
export const STREAM_COLUMN_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** A duration in the engine's units without the calendar ones (n, y: only an INTERVAL may be counted in months/years). */
export const STREAM_DURATION_PATTERN = /^[1-9][0-9]{0,8}[bausmhdw]$/;
/** An INTERVAL: any duration, or months (n) and years (y), counted in the creating session's time zone. */
export const STREAM_INTERVAL_PATTERN = /^[1-9][0-9]{0,8}[bausmhdwny]$/;
export const STREAM_EXPRESSION_MAX_LENGTH = 1_024;
export const STREAM_MAX_COLUMNS = 32;

/**
 * The two CREATE STREAM grammars (tdengine-facts §3.2, §3.3): 3.3.6's classic form, which our engine speaks, and
 * 3.3.7's trigger model, which a TDengine cluster of 3.3.7.0 or later speaks instead. One form describes a stream for
 * both; `streamCreateSql` writes it in the instance's own.
 */
export const STREAM_MODELS = ['classic', 'triggers'] as const;
export type StreamModel = (typeof STREAM_MODELS)[number];

export const STREAM_TRIGGERS = ['AT_ONCE', 'WINDOW_CLOSE', 'MAX_DELAY', 'FORCE_WINDOW_CLOSE'] as const;
/** 3.3.7 closes windows (default) or, with MAX_DELAY(d), also gives a window's result at most d after it opened. */
export const TRIGGER_MODEL_TRIGGERS: readonly StreamTrigger[] = ['WINDOW_CLOSE', 'MAX_DELAY'];
/** 3.3.7's MAX_DELAY is at least 3 seconds. */
export const TRIGGER_MODEL_MIN_MAX_DELAY_MS = 3_000;
export type StreamTrigger = (typeof STREAM_TRIGGERS)[number];
export const STREAM_WINDOWS = ['INTERVAL', 'SESSION', 'STATE_WINDOW', 'EVENT_WINDOW', 'COUNT_WINDOW'] as const;
export type StreamWindowKind = (typeof STREAM_WINDOWS)[number];
export const STREAM_FUNCTIONS = ['COUNT', 'AVG', 'SUM', 'MIN', 'MAX', 'FIRST', 'LAST', 'SPREAD', 'STDDEV'] as const;
export type StreamFunction = (typeof STREAM_FUNCTIONS)[number];

/**
 * Display statuses of the Streams screen (data-explorer.md §4: "interrupted, running, created are active; stopped
 * is inactive") and the engine's ins_streams.status each stands for (docs/engine-streams.md).
 */
export const STREAM_DISPLAY_STATUSES = ['created', 'running', 'interrupted', 'stopped'] as const;
export type StreamDisplayStatus = (typeof STREAM_DISPLAY_STATUSES)[number];
export const STREAM_STATUS_OF_ENGINE: Record<string, StreamDisplayStatus> = {
  init: 'created',
  ready: 'running',
  failed: 'interrupted',
  paused: 'stopped',
  // TDengine 3.3.7's (seen on 3.3.7.5): Idle until deployed on the snode, Running, Stopped by STOP STREAM, Failed
  idle: 'created',
  running: 'running',
  stopped: 'stopped',
};
export function streamDisplayStatus(engineStatus: string): StreamDisplayStatus {
  return STREAM_STATUS_OF_ENGINE[engineStatus.toLowerCase()] ?? 'interrupted';
}
export const streamStatusActive = (status: StreamDisplayStatus) => status !== 'stopped';

/** No statement separator outside quotes. */
const noSemicolon = (s: string) => !hasSeparator(s);
const expression = (message: string) =>
  z
    .string()
    .trim()
    .max(STREAM_EXPRESSION_MAX_LENGTH, { message })
    .refine(noSemicolon, { message })
    .optional()
    .default('');
const duration = (message: string) => z.string().trim().optional().default('').refine((s) => s === '' || STREAM_DURATION_PATTERN.test(s), { message });

export const streamNameSchema = z.string({ message: 'validation.streamName' }).trim().regex(STREAM_NAME_PATTERN, { message: 'validation.streamName' });

export const streamColumnSchema = z
  .object({
    fn: z.enum(STREAM_FUNCTIONS, { message: 'validation.streamFunction' }),
    column: z.string({ message: 'validation.streamColumn' }).trim(),
    alias: z.string().trim().optional().default(''),
  })
  .superRefine((v, ctx) => {
    const star = v.column === '*' && v.fn === 'COUNT';
    if (!star && !STREAM_COLUMN_PATTERN.test(v.column)) ctx.addIssue({ code: 'custom', path: ['column'], message: 'validation.streamColumn' });
    if (v.alias !== '' && !STREAM_COLUMN_PATTERN.test(v.alias)) ctx.addIssue({ code: 'custom', path: ['alias'], message: 'validation.streamAlias' });
  });
export type StreamColumn = z.output<typeof streamColumnSchema>;

const streamFields = z
  .object({
    name: streamNameSchema,
    source_db: z.string({ message: 'validation.streamDatabase' }).trim().regex(STREAM_DB_PATTERN, { message: 'validation.streamDatabase' }),
    source_table: z.string({ message: 'validation.streamSource' }).trim().regex(STREAM_TABLE_PATTERN, { message: 'validation.streamSource' }),
    /** The output super table's database; empty: the source database. */
    target_db: z.string().trim().optional().default('').refine((s) => s === '' || STREAM_DB_PATTERN.test(s), { message: 'validation.streamDatabase' }),
    target_table: z.string({ message: 'validation.streamTarget' }).trim().regex(STREAM_TABLE_PATTERN, { message: 'validation.streamTarget' }),
    trigger: z.enum(STREAM_TRIGGERS, { message: 'validation.streamTrigger' }).optional().default('WINDOW_CLOSE'),
    max_delay: duration('validation.streamDuration'),
    watermark: duration('validation.streamDuration'),
    ignore_expired: z.boolean().optional().default(true),
    fill_history: z.boolean().optional().default(false),
    columns: z.array(streamColumnSchema).min(1, { message: 'validation.streamColumns' }).max(STREAM_MAX_COLUMNS, { message: 'validation.streamColumns' }),
    where: expression('validation.streamExpression'),
    partition_by: expression('validation.streamExpression'),
    window: z.enum(STREAM_WINDOWS, { message: 'validation.streamWindow' }),
    interval: z
      .string()
      .trim()
      .optional()
      .default('')
      .refine((s) => s === '' || STREAM_INTERVAL_PATTERN.test(s), { message: 'validation.streamInterval' }),
    sliding: duration('validation.streamDuration'),
    /** SESSION(ts column, gap). */
    session_column: z.string().trim().optional().default('ts'),
    session_gap: duration('validation.streamDuration'),
    state_expr: expression('validation.streamExpression'),
    /** STATE_WINDOW / EVENT_WINDOW ... TRUE_FOR(d): only windows lasting at least d (first to last row) are kept. */
    true_for: duration('validation.streamDuration'),
    event_start: expression('validation.streamExpression'),
    event_end: expression('validation.streamExpression'),
    count: z.coerce.number().int().optional(),
    count_slide: z.coerce.number().int().optional(),
    /** TAGS (...) text: `name type, ...` or PARTITION BY item names; empty: the default groupId tag. */
    tags: expression('validation.streamExpression'),
    /** SUBTABLE(expr); empty: generated child names. */
    subtable: expression('validation.streamExpression'),
  });

type StreamFields = z.output<typeof streamFields>;
type Need = (ok: boolean, path: string, message: string) => void;

/** A stream duration (`10s`, `500a`) in milliseconds (b, u: fractions); NaN for a calendar unit (n, y) or none. */
const DURATION_UNIT_MS: Record<string, number> = { b: 1e-6, u: 1e-3, a: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
export const streamDurationMs = (d: string) => Number(d.slice(0, -1)) * (DURATION_UNIT_MS[d.slice(-1)] ?? NaN);

/** 3.3.7's own rules (tdengine-facts §3.3): its triggers, MAX_DELAY ≥ 3 s, a state column, grouping by tbname or tags. */
function triggerModelRules(v: StreamFields, need: Need): void {
  need(TRIGGER_MODEL_TRIGGERS.includes(v.trigger), 'trigger', 'validation.streamTriggerModel');
  if (v.trigger === 'MAX_DELAY' && v.max_delay !== '') need(streamDurationMs(v.max_delay) >= TRIGGER_MODEL_MIN_MAX_DELAY_MS, 'max_delay', 'validation.streamMaxDelayMin');
  if (v.window === 'STATE_WINDOW' && v.state_expr !== '') need(STREAM_COLUMN_PATTERN.test(v.state_expr), 'state_expr', 'validation.streamColumn');
  if (v.partition_by !== '') need(v.partition_by.split(',').every((p) => STREAM_COLUMN_PATTERN.test(p.trim())), 'partition_by', 'validation.streamPartitionTags');
}

function streamRules(v: StreamFields, ctx: z.RefinementCtx, model: StreamModel): void {
  const need: Need = (ok, path, message) => {
    if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
  };
  if (model === 'triggers') triggerModelRules(v, need);
  if (v.trigger === 'MAX_DELAY') need(v.max_delay !== '', 'max_delay', 'validation.streamDuration');
  if (v.trigger === 'FORCE_WINDOW_CLOSE') {
    // facts §3.2: driven by the system clock, INTERVAL only, FILL_HISTORY 0, IGNORE EXPIRED 1
    need(v.window === 'INTERVAL', 'trigger', 'validation.streamForceWindowClose');
    need(!v.fill_history, 'fill_history', 'validation.streamForceWindowClose');
    need(v.ignore_expired, 'ignore_expired', 'validation.streamForceWindowClose');
  }
  switch (v.window) {
    case 'INTERVAL':
      need(v.interval !== '', 'interval', 'validation.streamInterval');
      // the engine slides calendar windows by nothing but their own length
      need(!(/[ny]$/.test(v.interval) && v.sliding !== ''), 'sliding', 'validation.streamCalendarSliding');
      break;
    case 'SESSION':
      need(STREAM_COLUMN_PATTERN.test(v.session_column), 'session_column', 'validation.streamColumn');
      need(v.session_gap !== '', 'session_gap', 'validation.streamDuration');
      break;
    case 'STATE_WINDOW':
      need(v.state_expr !== '', 'state_expr', 'validation.streamExpression');
      break;
    case 'EVENT_WINDOW':
      need(v.event_start !== '', 'event_start', 'validation.streamExpression');
      need(v.event_end !== '', 'event_end', 'validation.streamExpression');
      break;
    case 'COUNT_WINDOW':
      need(v.count !== undefined && v.count >= 1 && v.count <= 2_147_483_647, 'count', 'validation.streamCount');
      need(v.count_slide === undefined || (v.count_slide >= 1 && v.count_slide <= (v.count ?? 0)), 'count_slide', 'validation.streamCount');
      break;
  }
  const aliases = v.columns.map(streamColumnAlias);
  aliases.forEach((a, i) => {
    if (aliases.indexOf(a) !== i) ctx.addIssue({ code: 'custom', path: ['columns', i, 'alias'], message: 'validation.streamAliasUnique' });
  });
}

/** The stream form's rules in an instance's grammar: the server checks the body with its instance's, the form too. */
export function streamCreateSchemaFor(model: StreamModel) {
  return streamFields.superRefine((v, ctx) => streamRules(v, ctx, model));
}
/** The classic grammar's rules (our engine's). */
export const streamCreateSchema = streamCreateSchemaFor('classic');
export type StreamCreateRequest = z.input<typeof streamCreateSchema>;
export type StreamCreateBody = z.output<typeof streamCreateSchema>;

const tick = quoteName;

/** The output column name of a select item: its alias, else `fn_column` (`count_all` for COUNT(*)), lower case. */
export function streamColumnAlias(c: { fn: string; column: string; alias?: string }): string {
  return c.alias ? c.alias : `${c.fn}_${c.column === '*' ? 'all' : c.column}`.toLowerCase();
}

const trueFor = (v: StreamCreateBody) => (v.true_for ? ` TRUE_FOR(${v.true_for})` : '');

function windowClause(v: StreamCreateBody): string {
  switch (v.window) {
    case 'INTERVAL':
      return `INTERVAL(${v.interval})${v.sliding ? ` SLIDING(${v.sliding})` : ''}`;
    case 'SESSION':
      return `SESSION(${tick(v.session_column)}, ${v.session_gap})`;
    case 'STATE_WINDOW':
      return `STATE_WINDOW(${v.state_expr})${trueFor(v)}`;
    case 'EVENT_WINDOW':
      return `EVENT_WINDOW START WITH ${v.event_start} END WITH ${v.event_end}${trueFor(v)}`;
    case 'COUNT_WINDOW':
      return `COUNT_WINDOW(${v.count}${v.count_slide !== undefined && v.count_slide !== v.count ? `, ${v.count_slide}` : ''})`;
  }
}

/** The select list of the output: the window's start, then each aggregate under its alias. */
function outputColumns(v: StreamCreateBody, windowStart: string): string {
  return [windowStart, ...v.columns.map((c) => `${c.fn.toLowerCase()}(${c.column === '*' ? '*' : tick(c.column)}) AS ${tick(streamColumnAlias(c))}`)].join(', ');
}

/** The CREATE STREAM statement of a validated body in the instance's grammar, on one line. */
export function streamCreateSql(v: StreamCreateBody, model: StreamModel = 'classic'): string {
  return model === 'triggers' ? triggerModelSql(v) : classicSql(v);
}

/** 3.3.7's trigger of the form's window (facts §3.3): a tumbling INTERVAL slides by its own length. */
function triggerClause(v: StreamCreateBody): string {
  switch (v.window) {
    case 'INTERVAL':
      return `INTERVAL(${v.interval}) SLIDING(${v.sliding || v.interval})`;
    case 'EVENT_WINDOW':
      return `EVENT_WINDOW(START WITH ${v.event_start} END WITH ${v.event_end})${trueFor(v)}`;
    default:
      return windowClause(v);
  }
}

/**
 * 3.3.7's statement (facts §3.3): the stream belongs to the source database; the source is the trigger table and its
 * window the trigger; WHERE filters the trigger rows (PRE_FILTER), late rows are ignored as IGNORE EXPIRED 1 ignores
 * them (IGNORE_DISORDER); the output is computed over each window's rows (`%%trows`). An INTERVAL trigger fires for
 * every window, rows or none (a row of count 0 a minute, seen on TDengine 3.3.7.5): IGNORE_NODATA_TRIGGER keeps the
 * classic output, windows that hold rows.
 */
function triggerModelSql(v: StreamCreateBody): string {
  const db = tick(v.source_db);
  const options = [
    v.watermark ? `WATERMARK(${v.watermark})` : '',
    v.ignore_expired ? 'IGNORE_DISORDER' : '',
    v.window === 'INTERVAL' ? 'IGNORE_NODATA_TRIGGER' : '',
    v.fill_history ? 'FILL_HISTORY' : '',
    v.trigger === 'MAX_DELAY' ? `MAX_DELAY(${v.max_delay})` : '',
    v.where ? `PRE_FILTER(${v.where})` : '',
  ].filter(Boolean);
  const parts = [
    `CREATE STREAM ${db}.${tick(v.name)} ${triggerClause(v)} FROM ${db}.${tick(v.source_table)}`,
    v.partition_by ? `PARTITION BY ${v.partition_by}` : '',
    options.length ? `STREAM_OPTIONS(${options.join('|')})` : '',
    `INTO ${tick(v.target_db || v.source_db)}.${tick(v.target_table)}`,
    v.subtable ? `OUTPUT_SUBTABLE(${v.subtable})` : '',
    v.tags ? `TAGS (${v.tags})` : '',
    `AS SELECT ${outputColumns(v, '_twstart')} FROM %%trows`,
  ];
  return parts.filter(Boolean).join(' ');
}

/** 3.3.6's statement (facts §3.2). */
function classicSql(v: StreamCreateBody): string {
  const options = [
    v.trigger === 'MAX_DELAY' ? `TRIGGER MAX_DELAY ${v.max_delay}` : `TRIGGER ${v.trigger}`,
    v.watermark ? `WATERMARK ${v.watermark}` : '',
    `IGNORE EXPIRED ${v.ignore_expired ? 1 : 0}`,
    `FILL_HISTORY ${v.fill_history ? 1 : 0}`,
  ].filter(Boolean);
  const into = `INTO ${tick(v.target_db || v.source_db)}.${tick(v.target_table)}${v.tags ? ` TAGS (${v.tags})` : ''}${v.subtable ? ` SUBTABLE(${v.subtable})` : ''}`;
  const query = [
    `SELECT ${outputColumns(v, '_wstart')} FROM ${tick(v.source_db)}.${tick(v.source_table)}`,
    v.where ? `WHERE ${v.where}` : '',
    v.partition_by ? `PARTITION BY ${v.partition_by}` : '',
    windowClause(v),
  ].filter(Boolean);
  return `CREATE STREAM ${tick(v.name)} ${options.join(' ')} ${into} AS ${query.join(' ')}`;
}

/** RESUME options: IGNORE UNTREATED forgets what was written while paused. */
export const streamResumeSchema = z.object({ ignore_untreated: z.boolean().optional().default(false) });
export type StreamResumeRequest = z.input<typeof streamResumeSchema>;

/** Output preview: the newest N rows (default 10, at most 100). */
export const STREAM_OUTPUT_DEFAULT = 10;
export const STREAM_OUTPUT_MAX = 100;
export const streamOutputQuerySchema = z.object({
  rows: z.coerce.number({ message: 'validation.streamOutputRows' }).int({ message: 'validation.streamOutputRows' }).min(1, { message: 'validation.streamOutputRows' }).max(STREAM_OUTPUT_MAX, { message: 'validation.streamOutputRows' }).optional().default(STREAM_OUTPUT_DEFAULT),
});
