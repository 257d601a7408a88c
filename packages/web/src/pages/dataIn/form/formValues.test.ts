import { describe, expect, it } from 'vitest';
import { connectorDefinition, transformConfigSchema } from '@tscloud/contracts';
import { fieldKey, holdsValues, paramNameOf, toFormValues, toTaskValues } from './formValues';
import { EMPTY_TRANSFORM, fromTransformConfig, toTransformConfig, transformResolver } from './transformForm';

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
  it('build a configuration the contracts schema accepts, and read it back', async () => {
    const values = { ...EMPTY_TRANSFORM, stable: 'meters', table: 'd_${device}', tags: 'device', columns: 'temp, hum', extract: [{ field: 'temp', rule: 'data.temp' }] };
    const config = toTransformConfig(values);
    expect(transformConfigSchema.safeParse(config).success).toBe(true);
    expect(fromTransformConfig(config as Record<string, unknown>)).toMatchObject({ parser: 'json', stable: 'meters', tags: 'device', columns: 'temp, hum' });
    // name:TYPE entries and the filter go through and come back.
    const typed = toTransformConfig({ ...values, columns: 'temp:float, note:VARCHAR', filter: 'temp > 20' });
    expect(typed).toMatchObject({ filter: 'temp > 20', mapping: { columns: [{ name: 'temp', type: 'FLOAT' }, { name: 'note', type: 'VARCHAR' }] } });
    expect(fromTransformConfig(typed as Record<string, unknown>)).toMatchObject({ columns: 'temp:FLOAT, note:VARCHAR', filter: 'temp > 20' });
    const wrongType = await transformResolver({ ...values, columns: 'temp:REAL' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(Object.keys(wrongType.errors)).toEqual(['columns']);
  });

  it('put the schema messages under their fields (§5 extract rules, ts/topic/qos refused, required mapping)', async () => {
    const result = await transformResolver({ ...EMPTY_TRANSFORM, extract: [{ field: '', rule: 'a' }, { field: 'ts', rule: 'b' }] }, undefined, { fields: {}, shouldUseNativeValidation: false });
    const errors = result.errors as unknown as { extract: Array<{ field: { message: string } }>; stable: { message: string } };
    expect(errors.extract[0].field.message).toBe('datasource.transformer.extractrule.nofield');
    expect(errors.extract[1].field.message).toBe('datasource.validation.reservedField');
    expect(errors.stable.message).toBe('validation.required');
  });
});
