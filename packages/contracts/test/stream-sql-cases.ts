import type { StreamCreateRequest } from '../src';

/**
 * Stream form bodies and the exact CREATE STREAM each gives. The contracts test checks the text; the server's
 * engine test (packages/server/test/streams/generator-engine.test.ts) runs each one against a real engine with the
 * source `power.meters (ts TIMESTAMP, current DOUBLE, voltage INT, phase INT) TAGS (site INT)` and `power.d0`.
 */
export const BASE: StreamCreateRequest = {
  name: 's1',
  source_db: 'power',
  source_table: 'meters',
  target_table: 'out1',
  window: 'INTERVAL',
  interval: '1m',
  columns: [{ fn: 'COUNT', column: '*' }],
};

export const STREAM_SQL_CASES: Array<{ title: string; body: StreamCreateRequest; sql: string }> = [
  {
    title: 'defaults: window close, interval, count(*)',
    body: BASE,
    sql: 'CREATE STREAM `s1` TRIGGER WINDOW_CLOSE IGNORE EXPIRED 1 FILL_HISTORY 0 INTO `power`.`out1` AS SELECT _wstart, count(*) AS `count_all` FROM `power`.`meters` INTERVAL(1m)',
  },
  {
    title: 'at once, watermark, options, partition, sliding, tags and subtable',
    body: {
      ...BASE,
      name: 'Avg_Volt',
      target_table: 'out2',
      trigger: 'AT_ONCE',
      watermark: '10s',
      ignore_expired: false,
      fill_history: true,
      columns: [
        { fn: 'AVG', column: 'voltage', alias: 'v' },
        { fn: 'MAX', column: 'current' },
      ],
      where: 'voltage > 0',
      partition_by: 'tbname',
      interval: '1m',
      sliding: '30s',
      tags: 'tname VARCHAR(64)',
      subtable: "concat('o_', tbname)",
    },
    sql: "CREATE STREAM `Avg_Volt` TRIGGER AT_ONCE WATERMARK 10s IGNORE EXPIRED 0 FILL_HISTORY 1 INTO `power`.`out2` TAGS (tname VARCHAR(64)) SUBTABLE(concat('o_', tbname)) AS SELECT _wstart, avg(`voltage`) AS `v`, max(`current`) AS `max_current` FROM `power`.`meters` WHERE voltage > 0 PARTITION BY tbname INTERVAL(1m) SLIDING(30s)",
  },
  {
    title: 'max delay, session window on a child table',
    body: { ...BASE, name: 's3', source_table: 'd0', target_table: 'out3', trigger: 'MAX_DELAY', max_delay: '5s', window: 'SESSION', session_column: 'ts', session_gap: '30s', columns: [{ fn: 'SUM', column: 'voltage' }] },
    sql: 'CREATE STREAM `s3` TRIGGER MAX_DELAY 5s IGNORE EXPIRED 1 FILL_HISTORY 0 INTO `power`.`out3` AS SELECT _wstart, sum(`voltage`) AS `sum_voltage` FROM `power`.`d0` SESSION(`ts`, 30s)',
  },
  {
    title: 'state window partitioned by tbname',
    body: { ...BASE, name: 's4', target_table: 'out4', window: 'STATE_WINDOW', state_expr: 'phase', partition_by: 'tbname', columns: [{ fn: 'FIRST', column: 'current' }, { fn: 'LAST', column: 'current' }] },
    sql: 'CREATE STREAM `s4` TRIGGER WINDOW_CLOSE IGNORE EXPIRED 1 FILL_HISTORY 0 INTO `power`.`out4` AS SELECT _wstart, first(`current`) AS `first_current`, last(`current`) AS `last_current` FROM `power`.`meters` PARTITION BY tbname STATE_WINDOW(phase)',
  },
  {
    title: 'event window',
    body: { ...BASE, name: 's5', target_table: 'out5', window: 'EVENT_WINDOW', event_start: 'voltage > 220', event_end: 'voltage <= 220', partition_by: 'tbname', columns: [{ fn: 'SPREAD', column: 'current' }] },
    sql: 'CREATE STREAM `s5` TRIGGER WINDOW_CLOSE IGNORE EXPIRED 1 FILL_HISTORY 0 INTO `power`.`out5` AS SELECT _wstart, spread(`current`) AS `spread_current` FROM `power`.`meters` PARTITION BY tbname EVENT_WINDOW START WITH voltage > 220 END WITH voltage <= 220',
  },
  {
    title: 'state and event windows lasting at least a duration (TRUE_FOR)',
    body: { ...BASE, name: 's5t', target_table: 'out5t', window: 'STATE_WINDOW', state_expr: 'phase', true_for: '30s', partition_by: 'tbname', columns: [{ fn: 'COUNT', column: '*' }] },
    sql: 'CREATE STREAM `s5t` TRIGGER WINDOW_CLOSE IGNORE EXPIRED 1 FILL_HISTORY 0 INTO `power`.`out5t` AS SELECT _wstart, count(*) AS `count_all` FROM `power`.`meters` PARTITION BY tbname STATE_WINDOW(phase) TRUE_FOR(30s)',
  },
  {
    title: 'count window with slide, another target database, tag names from the partition',
    body: { ...BASE, name: 's6', target_db: 'agg', target_table: 'out6', window: 'COUNT_WINDOW', count: 10, count_slide: 5, partition_by: 'tbname AS tname, site', tags: 'tname, site', columns: [{ fn: 'MIN', column: 'voltage' }, { fn: 'STDDEV', column: 'current', alias: 'sd' }] },
    sql: 'CREATE STREAM `s6` TRIGGER WINDOW_CLOSE IGNORE EXPIRED 1 FILL_HISTORY 0 INTO `agg`.`out6` TAGS (tname, site) AS SELECT _wstart, min(`voltage`) AS `min_voltage`, stddev(`current`) AS `sd` FROM `power`.`meters` PARTITION BY tbname AS tname, site COUNT_WINDOW(10, 5)',
  },
  {
    title: 'monthly windows (a calendar interval)',
    body: { ...BASE, name: 's7', target_table: 'out7', interval: '1n', columns: [{ fn: 'AVG', column: 'current' }] },
    sql: 'CREATE STREAM `s7` TRIGGER WINDOW_CLOSE IGNORE EXPIRED 1 FILL_HISTORY 0 INTO `power`.`out7` AS SELECT _wstart, avg(`current`) AS `avg_current` FROM `power`.`meters` INTERVAL(1n)',
  },
];

/**
 * The same form bodies written in TDengine 3.3.7's trigger model (an instance on a 3.3.7 cluster). The server's engine
 * test parses each with the engine's reader of that grammar; the development run against a real TDengine 3.3.7 runs
 * them (docs/instances.md "On a real TDengine cluster").
 */
export const TRIGGER_MODEL_SQL_CASES: Array<{ title: string; body: StreamCreateRequest; sql: string }> = [
  {
    title: 'defaults: a tumbling interval slides by its own length, empty windows give no row; late rows ignored as IGNORE EXPIRED 1 ignores them',
    body: BASE,
    sql: 'CREATE STREAM `power`.`s1` INTERVAL(1m) SLIDING(1m) FROM `power`.`meters` STREAM_OPTIONS(IGNORE_DISORDER|IGNORE_NODATA_TRIGGER) INTO `power`.`out1` AS SELECT _twstart, count(*) AS `count_all` FROM %%trows',
  },
  {
    title: 'max delay, watermark, fill history, a filter before the trigger, partition, subtable and tags',
    body: {
      ...BASE,
      trigger: 'MAX_DELAY',
      max_delay: '5s',
      watermark: '10s',
      ignore_expired: false,
      fill_history: true,
      where: 'voltage > 200',
      partition_by: 'tbname, site',
      sliding: '30s',
      subtable: "concat('o_', tbname)",
      tags: 'site_id INT AS site',
      target_db: 'archive',
      columns: [{ fn: 'AVG', column: 'voltage', alias: 'v' }, { fn: 'MAX', column: 'current' }],
    },
    sql:
      'CREATE STREAM `power`.`s1` INTERVAL(1m) SLIDING(30s) FROM `power`.`meters` PARTITION BY tbname, site ' +
      'STREAM_OPTIONS(WATERMARK(10s)|IGNORE_NODATA_TRIGGER|FILL_HISTORY|MAX_DELAY(5s)|PRE_FILTER(voltage > 200)) INTO `archive`.`out1` ' +
      "OUTPUT_SUBTABLE(concat('o_', tbname)) TAGS (site_id INT AS site) AS SELECT _twstart, avg(`voltage`) AS `v`, max(`current`) AS `max_current` FROM %%trows",
  },
  {
    title: 'session, state, event and count windows',
    body: { ...BASE, window: 'SESSION', session_column: 'ts', session_gap: '30s', partition_by: 'tbname' },
    sql: 'CREATE STREAM `power`.`s1` SESSION(`ts`, 30s) FROM `power`.`meters` PARTITION BY tbname STREAM_OPTIONS(IGNORE_DISORDER) INTO `power`.`out1` AS SELECT _twstart, count(*) AS `count_all` FROM %%trows',
  },
  {
    title: 'a state window kept when it lasts',
    body: { ...BASE, window: 'STATE_WINDOW', state_expr: 'phase', true_for: '1m', partition_by: 'tbname' },
    sql: 'CREATE STREAM `power`.`s1` STATE_WINDOW(phase) TRUE_FOR(1m) FROM `power`.`meters` PARTITION BY tbname STREAM_OPTIONS(IGNORE_DISORDER) INTO `power`.`out1` AS SELECT _twstart, count(*) AS `count_all` FROM %%trows',
  },
  {
    title: 'an event window',
    body: { ...BASE, window: 'EVENT_WINDOW', event_start: 'voltage > 230', event_end: 'voltage < 220', partition_by: 'tbname' },
    sql: 'CREATE STREAM `power`.`s1` EVENT_WINDOW(START WITH voltage > 230 END WITH voltage < 220) FROM `power`.`meters` PARTITION BY tbname STREAM_OPTIONS(IGNORE_DISORDER) INTO `power`.`out1` AS SELECT _twstart, count(*) AS `count_all` FROM %%trows',
  },
  {
    title: 'a count window that slides',
    body: { ...BASE, window: 'COUNT_WINDOW', count: 10, count_slide: 5, partition_by: 'tbname' },
    sql: 'CREATE STREAM `power`.`s1` COUNT_WINDOW(10, 5) FROM `power`.`meters` PARTITION BY tbname STREAM_OPTIONS(IGNORE_DISORDER) INTO `power`.`out1` AS SELECT _twstart, count(*) AS `count_all` FROM %%trows',
  },
];
