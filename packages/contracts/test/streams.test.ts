import { describe, expect, it } from 'vitest';
import { en, streamCreateSchema, streamCreateSchemaFor, streamCreateSql, streamDisplayStatus, streamStatusActive, zh } from '../src';
import { BASE, STREAM_SQL_CASES, TRIGGER_MODEL_SQL_CASES } from './stream-sql-cases';

const issues = (body: unknown) => {
  const r = streamCreateSchema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('streamCreateSql: one statement for the form and the server', () => {
  for (const c of STREAM_SQL_CASES) {
    it(c.title, () => {
      expect(streamCreateSql(streamCreateSchema.parse(c.body))).toBe(c.sql);
    });
  }
});

describe("streamCreateSql in TDengine 3.3.7's trigger model (an instance on a 3.3.7 cluster)", () => {
  const triggers = streamCreateSchemaFor('triggers');
  for (const c of TRIGGER_MODEL_SQL_CASES) {
    it(c.title, () => {
      expect(streamCreateSql(triggers.parse(c.body), 'triggers')).toBe(c.sql);
    });
  }
  const triggerIssues = (body: unknown) => {
    const r = triggers.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };
  it("holds the form to 3.3.7's rules: its triggers, MAX_DELAY of 3 s or more, a state column, grouping by tbname or tags", () => {
    expect(triggerIssues({ ...BASE, trigger: 'AT_ONCE' })).toEqual(['trigger:validation.streamTriggerModel']);
    expect(triggerIssues({ ...BASE, trigger: 'FORCE_WINDOW_CLOSE' })).toEqual(['trigger:validation.streamTriggerModel']);
    expect(triggerIssues({ ...BASE, trigger: 'MAX_DELAY', max_delay: '2s' })).toEqual(['max_delay:validation.streamMaxDelayMin']);
    expect(triggerIssues({ ...BASE, trigger: 'MAX_DELAY', max_delay: '3s' })).toEqual([]);
    expect(triggerIssues({ ...BASE, window: 'STATE_WINDOW', state_expr: 'phase > 1' })).toEqual(['state_expr:validation.streamColumn']);
    expect(triggerIssues({ ...BASE, partition_by: 'tbname, site' })).toEqual([]);
    expect(triggerIssues({ ...BASE, partition_by: 'site % 2' })).toEqual(['partition_by:validation.streamPartitionTags']);
    // the classic grammar keeps its own: AT_ONCE and expressions are fine there
    expect(issues({ ...BASE, trigger: 'AT_ONCE', partition_by: 'site % 2' })).toEqual([]);
  });
});

describe('stream create rules (§5 name format; trigger, window and option rules)', () => {
  it('names: a letter or underscore, then word characters, at most 192; kept as typed', () => {
    expect(issues({ ...BASE, name: 'MyStream_1' })).toEqual([]);
    for (const bad of ['1s', 'a-b', 'a b', '', 'a;b', 'x'.repeat(193), '`s`']) expect(issues({ ...BASE, name: bad }), bad).toEqual(['name:validation.streamName']);
  });
  it('window parameters are required for their kind; only an interval may be counted in months or years, and then not slide', () => {
    expect(issues({ ...BASE, interval: '' })).toEqual(['interval:validation.streamInterval']);
    expect(issues({ ...BASE, interval: '1n' })).toEqual([]);
    expect(issues({ ...BASE, interval: '2y' })).toEqual([]);
    expect(issues({ ...BASE, interval: '1n', sliding: '1d' })).toEqual(['sliding:validation.streamCalendarSliding']);
    expect(issues({ ...BASE, interval: '1d', sliding: '1n' })).toEqual(['sliding:validation.streamDuration']);
    expect(issues({ ...BASE, watermark: '1n' })).toEqual(['watermark:validation.streamDuration']);
    expect(issues({ ...BASE, interval: '0s' })).toEqual(['interval:validation.streamInterval']);
    expect(issues({ ...BASE, window: 'SESSION', session_gap: '' })).toEqual(['session_gap:validation.streamDuration']);
    expect(issues({ ...BASE, window: 'STATE_WINDOW' })).toEqual(['state_expr:validation.streamExpression']);
    expect(issues({ ...BASE, window: 'EVENT_WINDOW', event_start: 'v > 1' })).toEqual(['event_end:validation.streamExpression']);
    expect(issues({ ...BASE, window: 'COUNT_WINDOW' })).toEqual(['count:validation.streamCount']);
    expect(issues({ ...BASE, window: 'COUNT_WINDOW', count: 5, count_slide: 6 })).toEqual(['count_slide:validation.streamCount']);
    expect(issues({ ...BASE, trigger: 'MAX_DELAY' })).toEqual(['max_delay:validation.streamDuration']);
    expect(issues({ ...BASE, trigger: 'EVERY_SECOND' })).toEqual(['trigger:validation.streamTrigger']);
    // FORCE_WINDOW_CLOSE: INTERVAL only, no history, expired rows ignored (facts §3.2)
    expect(issues({ ...BASE, trigger: 'FORCE_WINDOW_CLOSE' })).toEqual([]);
    expect(issues({ ...BASE, trigger: 'FORCE_WINDOW_CLOSE', window: 'SESSION', session_gap: '10s' })).toEqual(['trigger:validation.streamForceWindowClose']);
    expect(issues({ ...BASE, trigger: 'FORCE_WINDOW_CLOSE', fill_history: true })).toEqual(['fill_history:validation.streamForceWindowClose']);
    expect(issues({ ...BASE, trigger: 'FORCE_WINDOW_CLOSE', ignore_expired: false })).toEqual(['ignore_expired:validation.streamForceWindowClose']);
    expect(streamCreateSql(streamCreateSchema.parse({ ...BASE, trigger: 'FORCE_WINDOW_CLOSE' }))).toMatch(/^CREATE STREAM `\w+` TRIGGER FORCE_WINDOW_CLOSE IGNORE EXPIRED 1 FILL_HISTORY 0 INTO /);
  });
  it('select list: 1..32 aggregates, * only with COUNT, unique output names', () => {
    expect(issues({ ...BASE, columns: [] })).toEqual(['columns:validation.streamColumns']);
    expect(issues({ ...BASE, columns: [{ fn: 'AVG', column: '*' }] })).toEqual(['columns.0.column:validation.streamColumn']);
    expect(issues({ ...BASE, columns: [{ fn: 'MEDIAN', column: 'v' }] })).toEqual(['columns.0.fn:validation.streamFunction']);
    expect(issues({ ...BASE, columns: [{ fn: 'AVG', column: 'v' }, { fn: 'MAX', column: 'c', alias: 'avg_v' }] })).toEqual(['columns.1.alias:validation.streamAliasUnique']);
  });
  it('expressions may not end the statement', () => {
    expect(issues({ ...BASE, where: 'v > 1; DROP DATABASE power' })).toEqual(['where:validation.streamExpression']);
    expect(issues({ ...BASE, where: "note = 'a;b'" })).toEqual([]);
    expect(issues({ ...BASE, target_table: 'a.b' })).toEqual(['target_table:validation.streamTarget']);
  });
  it('messages exist in English and Chinese, the §8 duplicate message word for word', () => {
    expect(en['error.streamExists']).toBe('Stream name already exists');
    expect(zh['error.streamExists']).toBeTruthy();
  });
});

describe('display statuses (data-explorer.md §4)', () => {
  it('maps the engine status; interrupted, running, created are active, stopped is not', () => {
    expect(['init', 'ready', 'failed', 'paused'].map(streamDisplayStatus)).toEqual(['created', 'running', 'interrupted', 'stopped']);
    expect((['created', 'running', 'interrupted', 'stopped'] as const).map(streamStatusActive)).toEqual([true, true, true, false]);
  });
});
