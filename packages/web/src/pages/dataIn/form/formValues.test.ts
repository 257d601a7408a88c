import { describe, expect, it } from 'vitest';
import { connectorDefinition, transformConfigSchema } from '@tscloud/contracts';
import { fieldKey, holdsValues, paramNameOf, toFormValues, toTaskValues } from './formValues';
import { EMPTY_TRANSFORM, fieldOfConfigPath, fromTransformConfig, placeTransformRefusal, toTransformConfig, transformResolver } from './transformForm';

describe('task form values', () => {
  it('encodes param names react-hook-form would read as paths, and decodes them back', () => {
    for (const name of ['group.id', 'a[0]', 'x~y', 'plain']) {
      expect(fieldKey(name)).not.toMatch(/[.[\]]/);
      expect(paramNameOf(fieldKey(name))).toBe(name);
    }
    const form = toFormValues({ 'group.id': 'g', auth: 'plain' }, { name: 'n', target: 'db' });
    expect(toTaskValues(form)).toEqual({ 'group.id': 'g', auth: 'plain' });
  });

  it('sends whole numbers of numeric params as numbers, other text as typed', () => {
    const mqtt = connectorDefinition('mqtt')!;
    const values = toTaskValues(toFormValues({ port: '1883', keep_alive: '60', topics: '1::0', host: '10' }), mqtt);
    expect(values).toMatchObject({ port: 1883, keep_alive: 60, topics: '1::0', host: '10' });
    expect(toTaskValues(toFormValues({ keep_alive: '6x' }), mqtt).keep_alive).toBe('6x');
  });

  it('a group holds values when a param differs from its default', () => {
    const group = connectorDefinition('mqtt')!.groups[0].params;
    expect(holdsValues(group, { clean_session: true, keep_alive: 60 })).toBe(false);
    expect(holdsValues(group, { clean_session: true, keep_alive: 30 })).toBe(true);
  });
});

describe('transform section values', () => {
  it('build a configuration the contracts schema accepts, and read it back', () => {
    const values = {
      ...EMPTY_TRANSFORM,
      stable: 'meters',
      table: 'd_${device}',
      timestampField: 'at',
      timestampFormat: 'rfc3339' as const,
      timezone: 'Asia/Shanghai',
      precision: 'us' as const,
      tags: [{ name: 'device', field: '', type: 'VARCHAR' as const }],
      columns: [{ name: 'temp', field: 'data.values[0]', type: 'FLOAT' as const }],
      extract: [{ field: 'temp', rule: 'data.temp' }],
      filter: 'temp > 20',
    };
    const config = toTransformConfig(values);
    expect(transformConfigSchema.safeParse(config).success).toBe(true);
    // An empty source field is left out: the schema reads the row's own name.
    expect(config).toMatchObject({
      filter: 'temp > 20',
      mapping: { timestamp: { column: 'ts', field: 'at', format: 'rfc3339', timezone: 'Asia/Shanghai' }, precision: 'us', tags: [{ name: 'device', type: 'VARCHAR' }], columns: [{ name: 'temp', field: 'data.values[0]', type: 'FLOAT' }] },
    });
    expect(config.mapping.tags![0]).not.toHaveProperty('field');
    expect(fromTransformConfig(config as Record<string, unknown>)).toEqual(values);
    // A task saved before zones were chosen read offset-less texts as UTC, and keeps doing so.
    expect(fromTransformConfig({ mapping: { stable: 's', table: 't', timestamp: {} } }).timezone).toBe('UTC');
  });

  it('place server refusals under their row: a task save (field → message) and a sample (data.field)', () => {
    const errors: Record<string, string> = {};
    const form = { setError: (name: string, error: { message: string }) => (errors[name] = error.message) } as unknown as Parameters<typeof placeTransformRefusal>[0];
    expect(placeTransformRefusal(form, { 'transform.mapping.columns.1.name': 'This field is required', host: 'x' }, 'Invalid task')).toBe(true);
    expect(placeTransformRefusal(form, { field: 'transform.mapping.timestamp.timezone' }, 'Choose a known time zone')).toBe(true);
    expect(placeTransformRefusal(form, { field: 'lines' }, 'The number of sample lines is between 1 and 100')).toBe(false);
    expect(errors).toEqual({ 'columns.1.name': 'This field is required', timezone: 'Choose a known time zone' });
    expect(fieldOfConfigPath(['mapping', 'tags', '2', 'field'])).toBe('tags.2.field');
    expect(fieldOfConfigPath(['extract', '0', 'rule'])).toBe('extract.0.rule');
  });

  it('put the schema messages under their fields (§5 extract rules, ts/topic/qos refused, required mapping)', async () => {
    const result = await transformResolver({ ...EMPTY_TRANSFORM, extract: [{ field: '', rule: 'a' }, { field: 'ts', rule: 'b' }] }, undefined, { fields: {}, shouldUseNativeValidation: false });
    const errors = result.errors as unknown as { extract: Array<{ field: { message: string } }>; stable: { message: string } };
    expect(errors.extract[0].field.message).toBe('datasource.transformer.extractrule.nofield');
    expect(errors.extract[1].field.message).toBe('datasource.validation.reservedField');
    expect(errors.stable.message).toBe('validation.required');
    const rows = await transformResolver({ ...EMPTY_TRANSFORM, stable: 's', table: 't', columns: [{ name: ' ', field: '', type: 'DOUBLE' }], timezone: 'Nowhere/Atall' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    const rowErrors = rows.errors as unknown as { columns: Array<{ name: { message: string } }>; timezone: { message: string } };
    expect(rowErrors.columns[0].name.message).toBe('validation.required');
    expect(rowErrors.timezone.message).toBe('datasource.validation.timeZone');
    const twice = await transformResolver({ ...EMPTY_TRANSFORM, stable: 's', table: 't', columns: [{ name: 'v', field: '', type: 'DOUBLE' }], tags: [{ name: 'V', field: '', type: 'VARCHAR' }] }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect((twice.errors as unknown as { tags: Array<{ name: { message: string } }> }).tags[0].name.message).toBe('datasource.validation.duplicateName');
  });
});
