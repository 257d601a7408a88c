import { describe, expect, it } from 'vitest';
import {
  CONNECTOR_IDS,
  REQUIRED_FIELDS,
  chooseAuthentication,
  chooseDatasetCategory,
  connectorDefinition,
  defaultValues,
  requiredNames,
  translate,
  validateTask,
  type ConnectorId,
  type TaskValues,
} from '../../src';

const NOW = Date.UTC(2026, 10, 26, 12);
const DAY = 86_400_000;
const text = (key: Parameters<typeof translate>[0], ...args: Array<string | number>) => translate(key, 'en', ...args);
const check = (id: ConnectorId, values: TaskValues, language: 'en' | 'zh' = 'en') => validateTask(connectorDefinition(id, language)!, values, { now: NOW, language });

/** A valid task per connector: validateTask answers nothing for it, and each §5 required field left out is reported. */
const VALID: Record<ConnectorId, TaskValues> = {
  tmq: { endpoint: 'ws://src:6041', topic: 'hot', username: 'root', password: 'taosdata', 'group.id': 'g1', 'client.id': 'c1' },
  taos: { host: 'old', port: 6041, database: 'db', username: 'root', password: 'taosdata', read_concurrency: 4, write_concurrency: 8 },
  pi: { host: 'pi', af_database: 'af', PISystemName: 'sys', point_list: ['sinusoid'] },
  pibackfill: { host: 'pi', af_database: 'af', PISystemName: 'sys', start_time: '-10d', end_time: NOW - DAY },
  opcua: { endpoint: 'opc.tcp://h:4840', auth: 'anonymous', csv_config: 'points.csv' },
  opcda: { endpoint: 'opcda://h/x', auth: 'anonymous', data_points: true, super_table_expression: 'opc_{type}', child_table_expression: 't_{id}' },
  influxdb: { host: 'influx', port: 8086, bucket: 'b', beginTime: '2026-01-01T00:00:00Z', org: 'o', token: 'tk' },
  opentsdb: { host: 'tsdb', port: 4242, beginTime: NOW - DAY },
  mqtt: { host: 'broker', port: 1883, client_id: 'c1', version: '3.1.1', topics: 'a::0,b::1', clean_session: true, keep_alive: 60 },
  kafka: { host: 'k', port: 9092, topics: ['t'], client_id: 'c', group: 'g' },
  csv: { files: ['meters.csv'], delimiter: ';' },
  aveva: { host: 'h', port: 1433, database: 'Runtime', username: 'u', password: 'p', start_time: NOW - DAY },
  mysql: { host: 'h', port: 3306, database: 'd', username: 'u', password: 'p', start_time: NOW - DAY, sql: 'SELECT * FROM t WHERE ts >= ${start} AND ts < ${end}' },
  postgres: { host: 'h', port: 5432, database: 'd', username: 'u', password: 'p', start_time: NOW - DAY, sql: 'SELECT * FROM t WHERE d >= ${start_date} AND d < ${end_date}' },
  oracle: { host: 'h', port: 1521, database: 'ORCL', username: 'u', password: 'p', start_time: NOW - DAY, sql: 'SELECT * FROM t WHERE ts >= ${start_no_tz} AND ts < ${end_no_tz}' },
  mssql: { host: 'h', port: 1433, database: 'd', username: 'u', password: 'p', start_time: NOW - DAY, sql: 'SELECT * FROM t WHERE ts >= ${start} AND ts < ${end}' },
  mongodb: { host: 'h', port: 27017, database: 'd', collection: 'c', username: 'u', password: 'p', start_time: NOW - DAY, query: '{"ts":{"$gte":${start_timestamp},"$lt":${end_timestamp}}}' },
};

describe('validateTask', () => {
  it.each(CONNECTOR_IDS.map((id) => [id]))('%s: a complete task is valid', (id) => {
    expect(check(id, VALID[id])).toEqual({});
  });

  const requiredCases = CONNECTOR_IDS.flatMap((id) => REQUIRED_FIELDS[id].map((name) => [id, name] as const));
  it.each(requiredCases)('%s: %s is required', (id, name) => {
    const values = { ...VALID[id], [name]: '' };
    expect(check(id, values)[name]).toBe(text('validation.required'));
  });

  it('InfluxDB version fields: 1.x needs username and password, 2.x org and token', () => {
    const base = { host: 'i', port: 8086, bucket: 'b', beginTime: NOW - DAY };
    expect(check('influxdb', { ...base, auth: '1.x' })).toEqual({ username: text('validation.required'), password: text('validation.required') });
    expect(check('influxdb', { ...base, auth: '2.x', org: 'o' })).toEqual({ token: text('validation.required') });
    expect(check('influxdb', { ...base, username: 'u', password: 'p' })).toEqual({});
  });

  it('Kafka SASL and SSL fields are required only where selected', () => {
    expect(check('kafka', { ...VALID.kafka, sasl: false, ssl: false })).toEqual({});
    const required = text('validation.required');
    expect(check('kafka', { ...VALID.kafka, sasl: true })).toEqual({ sasl_mechanism: required, username: required, password: required });
    expect(check('kafka', { ...VALID.kafka, sasl: true, sasl_mechanism: 'PLAIN', username: 'u', password: 'p' })).toEqual({});
    expect(check('kafka', { ...VALID.kafka, ssl: true })).toEqual({ ssl_ca: text('validation.required') });
  });

  it('§4 authentication: plain with username and password, certificates with auth_certificate', () => {
    const mqtt = connectorDefinition('mqtt')!;
    expect(chooseAuthentication(mqtt, { username: 'u', password: 'p' })!.kind).toBe('plain');
    expect(chooseAuthentication(mqtt, { auth_certificate: 'client.pem' })!.kind).toBe('certificates');
    expect(chooseAuthentication(mqtt, {})!.kind).toBe('anonymous');
    expect(check('mqtt', { ...VALID.mqtt, auth_certificate: 'client.pem' })).toEqual({ auth_key: text('validation.required') });
  });

  it('§4 dataset category from the key present in the params', () => {
    const pi = connectorDefinition('pi')!;
    expect(chooseDatasetCategory(pi, { template_for_element: ['pump'] })!.key).toBe('template_for_element');
    expect(chooseDatasetCategory(pi, { point_list: ['a'] })!.key).toBe('point_list');
    expect(chooseDatasetCategory(pi, {})).toBeUndefined();
    const opcua = connectorDefinition('opcua')!;
    expect(chooseDatasetCategory(opcua, { data_points: true, super_table_expression: 'opc_{type}' })!.key).toBe('data_points');
    expect(chooseDatasetCategory(opcua, { data_points: false, csv_config: 'points.csv' })!.key).toBe('csv_config');
    expect(chooseDatasetCategory(opcua, defaultValues(opcua))).toBeUndefined();
  });

  it('default values: every default, the first alternative, and a valid task once the required fields are filled', () => {
    const mqtt = connectorDefinition('mqtt')!;
    const defaults = defaultValues(mqtt);
    expect(defaults).toMatchObject({ auth: 'anonymous', port: 1883, version: '3.1', clean_session: true, keep_alive: 60, log_level: 'info', batch_size: 1000 });
    expect(Object.keys(check('mqtt', defaults)).sort()).toEqual(['client_id', 'host', 'topics']);
    expect(check('mqtt', { ...defaults, host: 'broker', client_id: 'c', topics: 't::1' })).toEqual({});
    expect([...requiredNames(mqtt, defaults)].sort()).toEqual(['client_id', 'host', 'port', 'topics', 'version']);
    expect(requiredNames(mqtt, { ...defaults, auth: 'certificates' })).toContain('auth_key');
    for (const id of CONNECTOR_IDS) {
      const fromDefaults = check(id, defaultValues(connectorDefinition(id)!));
      // Defaults alone never break a format rule: what is left is only required fields.
      expect(Object.values(fromDefaults).every((m) => m === text('validation.required')), `${id} ${JSON.stringify(fromDefaults)}`).toBe(true);
    }
  });

  it.each([
    ['mqtt', { keep_alive: '1m' }, 'keep_alive', text('datasource.validation.timeDigits')],
    ['mqtt', { keep_alive: 0 }, 'keep_alive', text('datasource.validation.min', 1)],
    ['mqtt', { batch_timeout: 61 }, 'batch_timeout', text('datasource.validation.range', 1, 60)],
    ['mqtt', { topics: 'a::3' }, 'topics', text('datasource.validation.mqttTopics')],
    ['mqtt', { version: '4.0' }, 'version', text('datasource.validation.choice')],
    ['mqtt', { port: 70000 }, 'port', text('datasource.validation.port')],
    ['mqtt', { read_concurrency: 1001 }, 'read_concurrency', text('datasource.validation.range', 0, 1000)],
    ['mqtt', { batch_size: 'ten' }, 'batch_size', text('datasource.validation.integer')],
    ['mongodb', { port: '99999' }, 'port', text('datasource.validation.port')],
    ['mongodb', { query: '{"ts":{"$gte":${start}}}' }, 'query', text('datasource.validation.mongodbPlaceholders')],
    ['mysql', { sql: 'SELECT * FROM t' }, 'sql', text('datasource.validation.sqlPlaceholders')],
    ['mysql', { start_time: 'soon' }, 'start_time', text('datasource.validation.time')],
    ['taos', { read_concurrency: 50, write_concurrency: 10 }, 'write_concurrency', text('datasource.validation.writeConcurrency')],
    ['tmq', { 'group.id': 'g'.repeat(193) }, 'group.id', text('datasource.validation.tmqIdLength')],
    ['tmq', { 'client.id': 'c'.repeat(193) }, 'client.id', text('datasource.validation.tmqIdLength')],
    ['pibackfill', { end_time: NOW + DAY }, 'end_time', text('datasource.validation.endAfterNow')],
    ['pibackfill', { start_time: NOW - DAY, end_time: NOW - 2 * DAY }, 'start_time', text('datasource.validation.startAfterEnd')],
    ['opcda', { child_table_expression: '' }, 'child_table_expression', text('validation.required')],
    ['opcua', { csv_config: '', data_points: true, root: 'ns=2;s=Plant', super_table_expression: '', child_table_expression: 't_{id}' }, 'super_table_expression', text('validation.required')],
    ['influxdb', { read_window: 6001 }, 'read_window', text('datasource.validation.range', 1, 6000)],
    ['tmq', { endpoint: 'http://src:6041' }, 'endpoint', 'The endpoint starts with ws:// or wss://'],
    ['opcua', { endpoint: 'tcp://h:4840' }, 'endpoint', 'The endpoint starts with opc.tcp://'],
    ['opcda', { table_primary_key: 'now' }, 'table_primary_key', text('datasource.validation.choice')],
    ['opcua', { update_interval: 59 }, 'update_interval', text('datasource.validation.range', 60, 2147483647)],
  ] as const)('%s %o → %s', (id, change, field, message) => {
    expect(check(id, { ...VALID[id], ...change } as TaskValues)).toEqual({ [field]: message });
  });

  it('OPC data points need both expressions (the rule applied by category)', () => {
    const values = { endpoint: 'opc.tcp://h:4840', auth: 'anonymous', data_points: true, super_table_expression: 'opc_{type}' } as TaskValues;
    expect(check('opcua', values).child_table_expression).toBeDefined();
  });

  it('applies pattern and patternMsg, and skips hidden params', () => {
    const definition = structuredClone(connectorDefinition('mqtt')!);
    definition.params[0] = { ...definition.params[0], pattern: '[a-z0-9]+', patternMsg: 'Lower-case letters and digits' };
    expect(validateTask(definition, { ...VALID.mqtt, client_id: 'Client 1' }, { now: NOW })).toEqual({ client_id: 'Lower-case letters and digits' });
    definition.params[0] = { ...definition.params[0], hidden: true };
    expect(validateTask(definition, { ...VALID.mqtt, client_id: 'Client 1' }, { now: NOW })).toEqual({});
  });

  it('answers in the definition language', () => {
    expect(check('mqtt', { ...VALID.mqtt, topics: 'a' }, 'zh')).toEqual({ topics: translate('datasource.validation.mqttTopics', 'zh') });
  });
});
