import { STREAM_TRIGGERS, TRIGGER_MODEL_TRIGGERS, streamCreateSchemaFor, streamCreateSql, type StreamCreateRequest, type StreamModel, type StreamTrigger } from '@tscloud/contracts';

/** The create form's first values: a per-minute average of one column, triggered when the window closes. */
export const STREAM_FORM_DEFAULTS: StreamCreateRequest = {
  name: '',
  source_db: '',
  source_table: '',
  target_db: '',
  target_table: '',
  trigger: 'WINDOW_CLOSE',
  max_delay: '',
  watermark: '',
  ignore_expired: true,
  fill_history: false,
  columns: [{ fn: 'COUNT', column: '*', alias: '' }],
  where: '',
  partition_by: '',
  window: 'INTERVAL',
  interval: '1m',
  sliding: '',
  session_column: 'ts',
  session_gap: '',
  state_expr: '',
  event_start: '',
  event_end: '',
  true_for: '',
  count: undefined,
  count_slide: undefined,
  tags: '',
  subtable: '',
};

/**
 * The statement the form would run now, in the instance's grammar (the server builds the same one from the same body),
 * or null while invalid.
 */
export function streamPreview(values: StreamCreateRequest, model: StreamModel = 'classic'): string | null {
  const parsed = streamCreateSchemaFor(model).safeParse(values);
  return parsed.success ? streamCreateSql(parsed.data, model) : null;
}

/** The triggers the instance's grammar has: 3.3.7 has no AT_ONCE or FORCE_WINDOW_CLOSE (its PERIOD is another kind). */
export function triggersOf(model: StreamModel): readonly StreamTrigger[] {
  return model === 'triggers' ? TRIGGER_MODEL_TRIGGERS : STREAM_TRIGGERS;
}

/** Where the explorer opens a stream's output super table (docs/streams-console.md). */
export function explorerLinkOf(db: string, stable: string): string {
  return `/explorer?${new URLSearchParams({ db, stable }).toString()}`;
}

/**
 * The trigger of a listed stream as the form names it: the engine shows it as TDengine's ins_streams does ('at once',
 * 'window close', 'max delay', 'force window close'); null for a text the form has no name for.
 */
export function triggerOf(engineText: string): StreamTrigger | null {
  const spelled = engineText.trim().toUpperCase().replace(/\s+/g, '_');
  return STREAM_TRIGGERS.find((trigger) => trigger === spelled) ?? null;
}
