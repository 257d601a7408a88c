import { describe, expect, it } from 'vitest';
import {
  SAMPLE_LINES_DEFAULT,
  agentExpiryRule,
  backfillTimesRule,
  csvFileNameRule,
  en,
  extractRuleRule,
  mongodbTemplateRule,
  mqttTopicsRule,
  newFieldNameRule,
  opcDataPointsRule,
  portRule,
  primaryKeyRule,
  resolveTimeValue,
  sampleLinesRule,
  sourceUrlRule,
  sqlTemplateRule,
  timeLikeRule,
  tmqIdRule,
  writeConcurrencyRule,
  type MessageKey,
  type RuleResult,
} from '../../src';

/** Each §5 rule (data-in.md) against values it must accept (null) and refuse (its message key). */
const NOW = Date.UTC(2026, 10, 26, 12);
const DAY = 86_400_000;

type Case<T> = [input: T, expected: RuleResult];
function table<T>(name: string, rule: (input: T) => RuleResult, cases: Array<Case<T>>) {
  it.each(cases.map(([input, expected]) => ({ input, expected })))(`${name}: $input → $expected`, ({ input, expected }) => {
    expect(rule(input)).toBe(expected);
  });
}

describe('data-in §5 rules', () => {
  table('time-like digits only', timeLikeRule, [
    ['0', null], ['10', null], [600, null], ['', null], [null, null],
    ['-1', 'datasource.validation.timeDigits'], ['1.5', 'datasource.validation.timeDigits'], ['10s', 'datasource.validation.timeDigits'], ['abc', 'datasource.validation.timeDigits'],
  ]);

  table('MQTT topics topic::QoS', mqttTopicsRule, [
    ['topic1::0', null], ['topic1::0,topic2::1', null], ['a/b/+::2, c/#::1', null], [['x::0', 'y::2'], null],
    ['topic1', 'datasource.validation.mqttTopics'], ['topic1::3', 'datasource.validation.mqttTopics'], ['::1', 'datasource.validation.mqttTopics'],
    ['topic1::0,', 'datasource.validation.mqttTopics'], ['topic1:0', 'datasource.validation.mqttTopics'], ['a::b::1', 'datasource.validation.mqttTopics'],
  ]);

  table('port 0-65535', portRule, [
    ['0', null], [27017, null], ['65535', null],
    ['65536', 'datasource.validation.port'], ['-1', 'datasource.validation.port'], ['27a', 'datasource.validation.port'], ['1.5', 'datasource.validation.port'],
  ]);

  table('extract rules', extractRuleRule, [
    [{ field: 'temp', rule: '$.t' }, null],
    [{ field: '', rule: '$.t' }, 'datasource.transformer.extractrule.nofield'],
    [{ field: '  ', rule: '' }, 'datasource.transformer.extractrule.nofield'],
    [{ field: 'temp', rule: ' ' }, 'datasource.transformer.extractrule.norule'],
  ]);

  table('SQL template placeholder pairs', sqlTemplateRule, [
    ['SELECT * FROM t WHERE ts >= ${start} AND ts < ${end}', null],
    ['SELECT * FROM t WHERE ts >= ${start_no_tz} AND ts < ${end_no_tz}', null],
    ['SELECT * FROM t WHERE d >= ${start_date} AND d < ${end_date}', null],
    ['SELECT * FROM t', 'datasource.validation.sqlPlaceholders'],
    ['SELECT * FROM t WHERE ts >= ${start}', 'datasource.validation.sqlPlaceholders'],
    ['SELECT * FROM t WHERE ts >= ${start} AND ts < ${end_date}', 'datasource.validation.sqlPlaceholders'],
    ['WHERE ts >= ${start} AND ts < ${end} AND d > ${start_date}', 'datasource.validation.sqlPlaceholders'],
    ['WHERE ts >= ${start_datetime} AND ts < ${end_datetime}', 'datasource.validation.sqlPlaceholders'],
  ]);

  table('MongoDB template placeholder pairs', mongodbTemplateRule, [
    ['{"ts": {"$gte": ${start_datetime}, "$lt": ${end_datetime}}}', null],
    ['{"ts": {"$gte": ${start_timestamp}, "$lt": ${end_timestamp}}}', null],
    ['{"ts": {"$gte": ${start}, "$lt": ${end}}}', 'datasource.validation.mongodbPlaceholders'],
    ['{"ts": {"$gte": ${start_datetime}}}', 'datasource.validation.mongodbPlaceholders'],
  ]);

  it('OPC data points need both table expressions', () => {
    expect(opcDataPointsRule({ super_table_expression: 'opc_{type}', child_table_expression: 't_{id}' })).toEqual({});
    expect(opcDataPointsRule({ super_table_expression: 'opc_{type}' })).toEqual({ child_table_expression: 'datasource.validation.opcExpressions' });
    expect(opcDataPointsRule({ super_table_expression: '', child_table_expression: '' })).toEqual({
      super_table_expression: 'datasource.validation.opcExpressions',
      child_table_expression: 'datasource.validation.opcExpressions',
    });
  });

  table('taos write ≥ read concurrency', ([read, write]: [number, number]) => writeConcurrencyRule(read, write), [
    [[0, 1], null], [[10, 10], null], [[5, 100], null],
    [[10, 9], 'datasource.validation.writeConcurrency'], [[100, 1], 'datasource.validation.writeConcurrency'],
  ]);

  it('backfill: end not later than now, start not later than end', () => {
    expect(backfillTimesRule('-10d', undefined, NOW)).toEqual({});
    expect(backfillTimesRule(NOW - 2 * DAY, NOW - DAY, NOW)).toEqual({});
    expect(backfillTimesRule(NOW - DAY, NOW + DAY, NOW)).toEqual({ end_time: 'datasource.validation.endAfterNow' });
    expect(backfillTimesRule(NOW - DAY, NOW - 2 * DAY, NOW)).toEqual({ start_time: 'datasource.validation.startAfterEnd' });
    expect(backfillTimesRule(new Date(NOW + DAY).toISOString(), undefined, NOW)).toEqual({ start_time: 'datasource.validation.startAfterEnd' });
  });

  it('resolves relative, numeric and ISO times', () => {
    expect(resolveTimeValue('-10d', NOW)).toBe(NOW - 10 * DAY);
    expect(resolveTimeValue('-3h', NOW)).toBe(NOW - 3 * 3_600_000);
    expect(resolveTimeValue(NOW, NOW)).toBe(NOW);
    expect(resolveTimeValue('2026-01-01T00:00:00Z', NOW)).toBe(Date.UTC(2026, 0, 1));
    expect(resolveTimeValue('yesterday', NOW)).toBeNull();
  });

  table('primary key is a timestamp', primaryKeyRule, [
    ['TIMESTAMP', null], ['timestamp', null],
    ['BIGINT', 'datasource.validation.primaryKey'], ['VARCHAR(20)', 'datasource.validation.primaryKey'],
  ]);

  table('CSV file names', csvFileNameRule, [
    ['meters.csv', null], ['plant_1 (2026-01).CSV', null], ['电表数据.csv', null],
    ['meters.txt', 'datasource.validation.csvFileName'], ['a/b.csv', 'datasource.validation.csvFileName'], ['a<b.csv', 'datasource.validation.csvFileName'],
    ['CON.csv', 'datasource.validation.csvFileName'], ['.csv', 'datasource.validation.csvFileName'], [`${'x'.repeat(252)}.csv`, 'datasource.validation.csvFileName'],
    ['rm;ls.csv', 'datasource.validation.csvFileName'],
  ]);

  table('source URL', sourceUrlRule, [
    ['taos+ws://localhost:6041', null], ['taos+wss://host.example:443/db', null], ['mqtt://broker:1883', null],
    ['ws://localhost:6041', 'datasource.validation.sourceUrl'], ['kafka+ws://h:1', 'datasource.validation.sourceUrl'],
    ['localhost:6041', 'datasource.validation.sourceUrl'], ['taos+ws://', 'datasource.validation.sourceUrl'],
  ]);

  table('agent expiry later than now', (expiry: number) => agentExpiryRule(expiry, NOW), [
    [NOW + 1, null], [NOW, 'validation.expiration'], [NOW - DAY, 'validation.expiration'],
  ]);

  it('sample lines: 5 by default, 1 to 100', () => {
    expect(SAMPLE_LINES_DEFAULT).toBe(5);
    for (const ok of [1, 5, '100']) expect(sampleLinesRule(ok)).toBeNull();
    for (const bad of [0, 101, 2.5, 'x']) expect(sampleLinesRule(bad)).toBe('datasource.validation.sampleLines');
  });

  table('TMQ ids at most 192 characters', tmqIdRule, [
    ['g1', null], ['x'.repeat(192), null], ['x'.repeat(193), 'datasource.validation.tmqIdLength'],
  ]);

  table('new field names ts/topic/qos refused', newFieldNameRule, [
    ['temperature', null], ['ts2', null],
    ['ts', 'datasource.validation.reservedField'], ['Topic', 'datasource.validation.reservedField'], [' qos ', 'datasource.validation.reservedField'],
  ]);

  it('every key a rule answers has an English text; the quoted §5 texts are verbatim', () => {
    const keys: MessageKey[] = ['datasource.validation.timeDigits', 'datasource.validation.mqttTopics', 'datasource.validation.port'];
    expect(keys.map((k) => en[k])).toEqual([
      'The value can only be a positive integer or 0',
      'Input format error, please refer to: `<topic name>::<QoS>`, QoS can be 0/1/2, e.g: `topic1::0,topic2::1`',
      'The port number ranges from 0 to 65535',
    ]);
    expect(en['datasource.transformer.extractrule.nofield']).toBeTruthy();
    expect(en['datasource.transformer.extractrule.norule']).toBeTruthy();
  });
});
