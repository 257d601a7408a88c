import { memo, useEffect, useMemo } from 'react';
import { Button, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAPPED_TYPES, TARGET_PRECISIONS, TIMESTAMP_FORMATS, type TransformSampleResponse } from '@tscloud/contracts';
import { FormField } from '../../../components/form/FormField';
import { useDatabaseInfo } from '../../../data/explorer/databases';
import type { InstanceRef } from '../../../data/instances/control';
import { timeZoneChoices } from '../../explorer/console/results/timeZone';
import { NEW_COLUMN, NEW_TAG, TRANSFORM_PARSERS, type TransformFormValues } from './transformForm';

interface TransformSectionProps {
  form: UseFormReturn<TransformFormValues>;
  instance: InstanceRef;
  /** The chosen target database (its precision is the default), or null while none exists. */
  targetDb: string | null;
  onSample: () => void;
  sampling: boolean;
  sample: TransformSampleResponse | null;
}

/**
 * The transform: parser choice, extract rules, the mapping (super table, child name, the timestamp, tags and columns
 * each as name / source field / type rows) and the sample. Rules are the contracts' schema (transformResolver).
 * Memoised: typing in the task's own fields re-renders the task form, not this section.
 */
export const TransformSection = memo(function TransformSection({ form, instance, targetDb, onSample, sampling, sample }: TransformSectionProps) {
  const { t } = useTranslation();
  const { control } = form;
  const extract = useFieldArray({ control, name: 'extract' });
  // useWatch, not form.watch: a parser change re-renders this section only, not the whole task form.
  const parser = useWatch({ control, name: 'parser' });
  const zones = useMemo(() => [...new Set([form.getValues('timezone'), ...timeZoneChoices()])].map((zone) => ({ value: zone, label: zone })), [form]);
  const target = useDatabaseInfo(instance, targetDb);
  const targetPrecision = target.data?.options.precision;
  useEffect(() => {
    // The target database's precision until the user picks one.
    if (targetPrecision && !form.getFieldState('precision').isDirty) form.setValue('precision', targetPrecision);
  }, [form, targetPrecision]);
  return (
    <div data-testid="transform-section">
      <Typography.Title level={5}>{t('dataIn.transform.title')}</Typography.Title>
      <FormField
        control={control}
        name="parser"
        label={t('dataIn.transform.parser')}
        render={(f) => <Select {...f} options={TRANSFORM_PARSERS.map((p) => ({ value: p, label: t(`dataIn.transform.parser.${p}`) }))} />}
      />
      {parser === 'regex' && <FormField control={control} name="pattern" label={t('dataIn.transform.pattern')} required render={(f) => <Input {...f} placeholder="(?<device>[a-z0-9]+):(?<temp>[0-9.]+)" />} />}
      {parser === 'split' && (
        <Space.Compact block>
          <FormField control={control} name="separator" label={t('dataIn.transform.separator')} render={(f) => <Input {...f} style={{ width: 96 }} />} />
          <FormField control={control} name="splitNames" label={t('dataIn.transform.columns')} required render={(f) => <Input {...f} placeholder={t('dataIn.transform.splitHint')} />} />
        </Space.Compact>
      )}
      <Form.Item label={t('dataIn.transform.extract')}>
        {extract.fields.map((item, index) => (
          <Space key={item.id} align="start">
            <FormField control={control} name={`extract.${index}.field`} render={(f) => <Input {...f} aria-label={t('dataIn.transform.field')} placeholder={t('dataIn.transform.field')} />} />
            <FormField control={control} name={`extract.${index}.rule`} render={(f) => <Input {...f} aria-label={t('dataIn.transform.rule')} placeholder="data.temp" />} />
            <Button onClick={() => extract.remove(index)}>{t('dataIn.transform.remove')}</Button>
          </Space>
        ))}
        <div>
          <Button onClick={() => extract.append({ field: '', rule: '' })}>{t('dataIn.transform.addRule')}</Button>
        </div>
      </Form.Item>
      <FormField control={control} name="stable" label={t('dataIn.transform.stable')} required render={(f) => <Input {...f} placeholder="meters" />} />
      <FormField control={control} name="table" label={t('dataIn.transform.childName')} required render={(f) => <Input {...f} placeholder="d_${device}" />} />
      <Form.Item label={t('dataIn.transform.timestamp')} data-testid="mapping-timestamp" style={{ marginBottom: 0 }}>
        <Space wrap align="start">
          <FormField control={control} name="timestampColumn" label={t('dataIn.transform.timestampColumn')} render={(f) => <Input {...f} style={{ width: 120 }} />} />
          <FormField control={control} name="timestampField" label={t('dataIn.transform.sourceField')} render={(f) => <Input {...f} style={{ width: 160 }} />} />
          <FormField
            control={control}
            name="timestampFormat"
            label={t('dataIn.transform.timestampFormat')}
            render={(f) => <Select {...f} style={{ width: 200 }} options={TIMESTAMP_FORMATS.map((format) => ({ value: format, label: t(`dataIn.transform.format.${format}`) }))} />}
          />
          <FormField control={control} name="timezone" label={t('dataIn.transform.timezone')} render={(f) => <Select {...f} showSearch style={{ width: 200 }} options={zones} />} />
          <FormField control={control} name="precision" label={t('dataIn.transform.precision')} render={(f) => <Select {...f} style={{ width: 96 }} options={TARGET_PRECISIONS.map((p) => ({ value: p, label: p }))} />} />
        </Space>
      </Form.Item>
      <MappedRows form={form} list="tags" />
      <MappedRows form={form} list="columns" />
      <FormField control={control} name="filter" label={t('dataIn.transform.filter')} render={(f) => <Input {...f} placeholder={t('dataIn.transform.filterHint')} />} />
      <Button onClick={onSample} loading={sampling} data-testid="transform-sample">
        {t('dataIn.transform.sample')}
      </Button>
      {sample && <SampleRows sample={sample} />}
    </div>
  );
});

/** The tags or the columns: one row each of name, source field or path (the name's field when empty) and type. */
function MappedRows({ form, list }: { form: UseFormReturn<TransformFormValues>; list: 'tags' | 'columns' }) {
  const { t } = useTranslation();
  const { control } = form;
  const rows = useFieldArray({ control, name: list });
  const kind = list === 'tags' ? t('dataIn.transform.tag') : t('dataIn.transform.column');
  return (
    <Form.Item label={t(`dataIn.transform.${list}`)} data-testid={`mapping-${list}`}>
      {rows.fields.map((item, index) => (
        <Space key={item.id} align="start" wrap>
          <FormField
            control={control}
            name={`${list}.${index}.name`}
            render={(f) => <Input {...f} aria-label={t('dataIn.transform.rowName', { kind, n: index + 1 })} placeholder={t('dataIn.transform.name')} />}
          />
          <FormField
            control={control}
            name={`${list}.${index}.field`}
            render={(f) => <Input {...f} aria-label={t('dataIn.transform.rowField', { kind, n: index + 1 })} placeholder={t('dataIn.transform.sameAsName')} />}
          />
          <FormField
            control={control}
            name={`${list}.${index}.type`}
            render={(f) => <Select {...f} aria-label={t('dataIn.transform.rowType', { kind, n: index + 1 })} style={{ width: 130 }} options={MAPPED_TYPES.map((type) => ({ value: type, label: type }))} />}
          />
          <Button onClick={() => rows.remove(index)} aria-label={t('dataIn.transform.rowRemove', { kind, n: index + 1 })}>
            {t('dataIn.transform.remove')}
          </Button>
        </Space>
      ))}
      <div>
        <Button onClick={() => rows.append(list === 'tags' ? NEW_TAG : NEW_COLUMN)}>{t(list === 'tags' ? 'dataIn.transform.addTag' : 'dataIn.transform.addColumn')}</Button>
      </div>
    </Form.Item>
  );
}

/** The mapped rows exactly as they would be written: child table, then each tag and column. */
function SampleRows({ sample }: { sample: TransformSampleResponse }) {
  const { t } = useTranslation();
  const tagNames = [...new Set(sample.rows.flatMap((r) => Object.keys(r.tags)))];
  const columnNames = [...new Set(sample.rows.flatMap((r) => Object.keys(r.columns)))];
  const cell = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));
  return (
    <div data-testid="transform-sample-rows" style={{ marginTop: 12 }}>
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={sample.rows.map((row, index) => ({ ...row, key: index }))}
        locale={{ emptyText: t('dataIn.transform.sampleEmpty') }}
        columns={[
          { key: 'stable', title: t('dataIn.transform.stable'), render: (_, r) => r.stable },
          { key: 'table', title: t('dataIn.transform.childName'), render: (_, r) => r.table },
          ...tagNames.map((name) => ({ key: `tag-${name}`, title: name, render: (_: unknown, r: (typeof sample.rows)[number]) => cell(r.tags[name]) })),
          ...columnNames.map((name) => ({ key: `col-${name}`, title: name, render: (_: unknown, r: (typeof sample.rows)[number]) => cell(r.columns[name]) })),
        ]}
      />
      {sample.failed.map((f) => (
        <Typography.Paragraph key={f.index} type="danger">
          {`#${f.index + 1}: ${f.message}`}
        </Typography.Paragraph>
      ))}
    </div>
  );
}
