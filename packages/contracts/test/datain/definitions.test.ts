import { describe, expect, it } from 'vitest';
import {
  CONNECTOR_IDS,
  DEFINITIONS_VERSION,
  DEFINITION_SOURCES,
  HINT_TYPES,
  REQUIRED_FIELDS,
  buildDefinitions,
  connectorDefinition,
  connectorDefinitions,
  contentVersion,
  taskParams,
  type ConnectorDefinition,
  type Param,
} from '../../src';

/** Replaces every text by a placeholder, keeping values, names and shape: en and zh must be equal under it. */
const TEXT_FIELDS = new Set(['name', 'description', 'display', 'label', 'placeholder', 'patternMsg']);
function shape(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => shape(v));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v, k)]));
  return TEXT_FIELDS.has(key) && typeof value === 'string' ? '<text>' : value;
}

const allParams = (d: ConnectorDefinition): Param[] => {
  const top = [
    ...Object.values(d.options),
    ...(d.protocol ? [d.protocol] : []),
    ...d.authentication.flatMap((a) => a.params),
    ...d.params,
    ...d.groups.flatMap((g) => g.params),
    ...d.advanced,
    ...(d.datasets?.categories.flatMap((c) => c.params) ?? []),
  ];
  return top.flatMap((p) => [p, ...(p.params ?? [])]);
};
const paramOf = (id: (typeof CONNECTOR_IDS)[number], name: string) => allParams(connectorDefinition(id)!).find((p) => p.name === name);

describe('connector definitions', () => {
  it('covers the 17 catalogue entries in both languages, in catalogue order', () => {
    for (const language of ['en', 'zh'] as const) expect(connectorDefinitions(language).map((d) => d.id)).toEqual([...CONNECTOR_IDS]);
    expect(CONNECTOR_IDS).toHaveLength(17);
  });

  it('has the same structure in English and Chinese, with the texts translated', () => {
    const [en, zh] = [connectorDefinitions('en'), connectorDefinitions('zh')];
    expect(shape(zh)).toEqual(shape(en));
    for (const [i, definition] of en.entries()) expect(zh[i].description, definition.id).not.toBe(definition.description);
    expect(paramOf('mqtt', 'client_id')!.display).toBe('Client ID');
    expect(allParams(connectorDefinition('mqtt', 'zh')!).find((p) => p.name === 'client_id')!.display).toBe('客户端 ID');
  });

  it('uses only §3 hint types, unique param names within a form, and a unit on every time-like param', () => {
    for (const definition of connectorDefinitions('en')) {
      const params = allParams(definition);
      for (const p of params) {
        expect(HINT_TYPES, `${definition.id}.${p.name}`).toContain(p.hint.type);
        if (p.hint.type === 'timeout' || p.hint.type === 'duration') expect(p.type_value?.units, `${definition.id}.${p.name}`).toContain(p.type_value?.unit);
      }
      for (const alternative of definition.authentication) {
        const names = taskParams(definition, { auth: alternative.kind }).map((p) => p.name);
        expect(new Set(names).size, `${definition.id} with ${alternative.kind}: ${names.join(',')}`).toBe(names.length);
      }
    }
  });

  it('uses every §3 hint type and param flag somewhere, so the form renderer meets each', () => {
    const params = connectorDefinitions('en').flatMap(allParams);
    expect(new Set(params.map((p) => p.hint.type))).toEqual(new Set(HINT_TYPES));
    for (const flag of ['required', 'pattern', 'patternMsg', 'type_value', 'requires', 'hidden', 'multiple', 'editable', 'placeholder', 'description'] as const) {
      expect(params.some((p) => p[flag] !== undefined), flag).toBe(true);
    }
    expect(paramOf('tmq', 'group.id')!.editable).toBe(false);
    expect(paramOf('kafka', 'group')!.editable).toBe(false);
  });

  it('marks the §5 required fields of each connector required', () => {
    for (const id of CONNECTOR_IDS) {
      for (const name of REQUIRED_FIELDS[id]) expect(paramOf(id, name)?.required, `${id}.${name}`).toBe(true);
    }
    // InfluxDB's version fields live in its 1.x and 2.x alternatives; Kafka's SASL and SSL fields require their switch.
    const influx = connectorDefinition('influxdb')!;
    expect(influx.authentication.map((a) => [a.kind, a.params.filter((p) => p.required).map((p) => p.name)])).toEqual([
      ['1.x', ['username', 'password']],
      ['2.x', ['org', 'token']],
    ]);
    expect(paramOf('kafka', 'sasl_mechanism')).toMatchObject({ required: true, requires: [{ name: 'sasl', value: true }] });
    expect(paramOf('kafka', 'ssl_ca')).toMatchObject({ required: true, requires: [{ name: 'ssl', value: true }] });
  });

  it.each([
    ['taos', 'read_concurrency', 0, 100, 0],
    ['influxdb', 'read_concurrency', 1, 100, 50],
    ['mqtt', 'read_concurrency', 0, 1000, 0],
    ['kafka', 'read_concurrency', 0, 1000, 0],
    ['taos', 'write_concurrency', 1, 100, 1],
    ['opcua', 'write_concurrency', 0, 128, 0],
    ['influxdb', 'write_concurrency', 1, 500, 50],
    ['pi', 'batch_size', 1, 10000, 1000],
    ['opcda', 'batch_size', 1, 10000, 1000],
    ['mqtt', 'batch_size', 1, 10000, 1000],
    ['influxdb', 'batch_size', 1, 10000, 5000],
    ['opentsdb', 'batch_size', 1, 10000, 5000],
    ['kafka', 'batch_size', 1, 100000, 1000],
    ['csv', 'batch_size', 1, 100000, 1000],
    ['postgres', 'batch_size', 1, 100000, 10000],
    ['aveva', 'batch_size', 1, 100000, 10000],
    ['mongodb', 'batch_size', 1, 100000, 10000],
    ['mqtt', 'batch_timeout', 1, 60, 1],
    ['influxdb', 'batch_timeout', 1, 10000, 1],
    ['mqtt', 'raw_data_keep_days', 1, 365, 1],
    ['opcua', 'connect_timeout', 1, 60, 10],
    ['opcua', 'collect_interval', 1, 60, 10],
    ['opcda', 'collect_interval', 1, 60, 1],
    ['opcua', 'update_interval', 60, 2147483647, 600],
    ['influxdb', 'read_window', 1, 6000, 60],
    ['opentsdb', 'delay', 1, 30, 10],
    ['aveva', 'tagListSize', 1, 1000, 10],
    ['mysql', 'port', 0, 65535, 3306],
    ['postgres', 'port', 0, 65535, 5432],
    ['oracle', 'port', 0, 65535, 1521],
    ['mssql', 'port', 0, 65535, 1433],
    ['mongodb', 'port', 0, 65535, 27017],
    ['influxdb', 'port', 0, 65535, 8086],
    ['opentsdb', 'port', 0, 65535, 4242],
    ['mqtt', 'port', 0, 65535, 1883],
    ['kafka', 'port', 0, 65535, 9092],
    ['taos', 'port', 0, 65535, 6041],
  ] as const)('§9 %s.%s: %i-%i, default %i', (id, name, min, max, value) => {
    expect(paramOf(id, name), `${id}.${name}`).toMatchObject({ hint: { min, max }, value });
  });

  it.each([
    ['mqtt', 'keep_alive', 1, 60, 's'],
    ['taos', 'unit', 1, 1, 'd'],
    ['taos', 'interval', 1, 1, 's'],
    ['taos', 'excursion', 0, 500, 'ms'],
    ['taos', 'schema_polling_interval', 1, 5, 's'],
    ['aveva', 'retrieveInterval', 1, 10, 's'],
    ['aveva', 'timeWindow', 1, 1, 'd'],
    ['aveva', 'tolerance', 0, 0, 'ms'],
    ['mysql', 'interval', 1, 1, 'd'],
    ['mysql', 'delay', 0, 10, 's'],
    ['kafka', 'fetch_max_wait', 1, 100, 'ms'],
  ] as const)('§9 %s.%s: at least %i, default %i %s', (id, name, min, value, unit) => {
    expect(paramOf(id, name)).toMatchObject({ hint: { min }, value, type_value: { unit } });
  });

  it.each([
    ['tmq', 'auto.offset.reset', ['earliest', 'latest'], 'earliest'],
    ['taos', 'mode', ['history', 'realtime', 'all'], 'history'],
    ['taos', 'schema_mode', ['always', 'none', 'only'], 'always'],
    ['aveva', 'mode', ['synchronize', 'migrate'], 'synchronize'],
    ['mqtt', 'clean_session', [true, false], true],
    ['mqtt', 'version', ['3.1', '3.1.1', '5.0'], '3.1'],
    ['kafka', 'auto_offset_reset', ['earliest', 'latest'], 'earliest'],
    ['opcua', 'update_mode', ['none', 'append', 'update'], 'none'],
    ['opcua', 'table_primary_key', ['original_ts', 'received_ts'], 'original_ts'],
    ['csv', 'delimiter', [',', ';'], ','],
    ['csv', 'quote', ['"', "'"], '"'],
    ['kafka', 'log_level', ['error', 'warn', 'info', 'debug', 'trace'], 'info'],
  ] as const)('§4 %s.%s choices', (id, name, choices, value) => {
    const p = paramOf(id, name)!;
    expect(p.hint.choices!.map((c) => c.value)).toEqual(choices);
    expect(p.value).toBe(value);
  });

  it('other §4/§9 defaults: CSV comment and skip, MySQL charsets, OPC select-all defaults, PI backfill', () => {
    expect(paramOf('csv', 'comment')!.value).toBe('#');
    expect(paramOf('csv', 'skip')!.value).toBe(0);
    expect(paramOf('mysql', 'charset')!.hint.choices!.map((c) => c.value)).toEqual(expect.arrayContaining(['utf8', 'utf8mb4']));
    expect(paramOf('opcua', 'super_table_expression')!.value).toBe('opc_{type}');
    expect(paramOf('opcda', 'table_primary_key_alias')!.value).toBe('ts');
    expect(paramOf('pibackfill', 'backfill')!.value).toBe(0);
    expect(paramOf('pibackfill', 'start_time')!.value).toBe('-10d');
    expect(connectorDefinition('pi')!.datasets!.categories.every((c) => c.download)).toBe(true);
  });

  it('§3 parser fields by source', () => {
    const fields = (id: (typeof CONNECTOR_IDS)[number]) => connectorDefinition(id)!.parser!.fields.map((f) => `${f.name}:${f.type}`);
    expect(fields('kafka')).toEqual(['ts:timestamp', 'topic:varchar', 'partition:int', 'offset:bigint', 'key:varchar', 'value:varchar']);
    expect(fields('mqtt')).toEqual(['ts:timestamp', 'topic:varchar', 'qos:int', 'payload:varchar']);
    expect(fields('aveva').map((f) => f.split(':')[0])).toEqual(['DateTime', 'TagName', 'Value', 'vValue', 'Quality', 'QualityDetail', 'OPCQuality', 'wwTagKey', 'wwResolution', 'StartDateTime', 'SourceTag', 'SourceServer']);
    expect(fields('aveva')[2]).toBe('Value:double');
    for (const id of ['mysql', 'postgres', 'oracle', 'mssql'] as const) expect(fields(id)).toEqual(['DateTime:timestamp']);
    expect(fields('mongodb')).toEqual(['value:varchar']);
  });

  it('the version is a hash of the content: the same content gives the same version, any change another', () => {
    expect(DEFINITIONS_VERSION).toMatch(/^[0-9a-f]{16}$/);
    const both = () => ({ en: buildDefinitions('en'), zh: buildDefinitions('zh') });
    expect(contentVersion(both())).toBe(DEFINITIONS_VERSION);
    const changedDefault = DEFINITION_SOURCES.map((source, i) =>
      i === 0 ? (t: Parameters<typeof source>[0]) => ({ ...source(t), advanced: source(t).advanced.map((p) => ({ ...p, value: p.name === 'log_level' ? 'debug' : p.value })) }) : source,
    );
    expect(contentVersion({ en: buildDefinitions('en', changedDefault), zh: buildDefinitions('zh', changedDefault) })).not.toBe(DEFINITIONS_VERSION);
    const changedText = DEFINITION_SOURCES.map((source, i) => (i === 16 ? (t: Parameters<typeof source>[0]) => ({ ...source(t), name: 'MongoDB Atlas' }) : source));
    expect(contentVersion({ en: buildDefinitions('en', changedText), zh: buildDefinitions('zh', changedText) })).not.toBe(DEFINITIONS_VERSION);
  });
});
