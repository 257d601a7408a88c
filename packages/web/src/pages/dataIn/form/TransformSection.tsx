import { Button, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TransformSampleResponse } from '@tscloud/contracts';
import { FormField } from '../../../components/form/FormField';
import { TRANSFORM_PARSERS, type TransformFormValues } from './transformForm';

interface TransformSectionProps {
  form: UseFormReturn<TransformFormValues>;
  onSample: () => void;
  sampling: boolean;
  sample: TransformSampleResponse | null;
}

/** The transform: parser choice, extract rules, mapping (super table, child name, tags, columns), and the sample. */
export function TransformSection({ form, onSample, sampling, sample }: TransformSectionProps) {
  const { t } = useTranslation();
  const { control } = form;
  const extract = useFieldArray({ control, name: 'extract' });
  const parser = form.watch('parser');
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
      <FormField control={control} name="timestampField" label={t('dataIn.transform.timestamp')} render={(f) => <Input {...f} />} />
      <FormField control={control} name="tags" label={t('dataIn.transform.tags')} render={(f) => <Input {...f} placeholder={t('dataIn.transform.namesHint')} />} />
      <FormField control={control} name="columns" label={t('dataIn.transform.columns')} render={(f) => <Input {...f} placeholder={t('dataIn.transform.namesHint')} />} />
      <FormField control={control} name="filter" label={t('dataIn.transform.filter')} render={(f) => <Input {...f} placeholder={t('dataIn.transform.filterHint')} />} />
      <Button onClick={onSample} loading={sampling} data-testid="transform-sample">
        {t('dataIn.transform.sample')}
      </Button>
      {sample && <SampleRows sample={sample} />}
    </div>
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
