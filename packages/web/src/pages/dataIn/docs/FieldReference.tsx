import { Space, Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ConnectorDefinition, Param, ParamValue } from '@tscloud/contracts';

/** One part of a definition's form, as the form draws it (options, each authentication, params, groups, datasets, advanced). */
interface FormPart {
  key: string;
  heading: string;
  params: Param[];
}

/** The form's parts in the order the form shows them; hidden params are not in the form, so not here either. */
export function formParts(definition: ConnectorDefinition, t: TFunction): FormPart[] {
  const options = Object.values(definition.options).filter((p): p is Param => !!p);
  const parts: FormPart[] = [{ key: 'connection', heading: t('dataIn.docs.part.connection'), params: [...options, ...(definition.protocol ? [definition.protocol] : [])] }];
  for (const alternative of definition.authentication) parts.push({ key: `auth-${alternative.kind}`, heading: t('dataIn.docs.part.authentication', { name: alternative.display }), params: alternative.params });
  parts.push({ key: 'params', heading: t('dataIn.docs.part.params'), params: definition.params });
  for (const group of definition.groups) parts.push({ key: `group-${group.name}`, heading: group.display, params: group.params });
  for (const category of definition.datasets?.categories ?? []) parts.push({ key: `dataset-${category.key}`, heading: t('dataIn.docs.part.datasets', { name: category.display }), params: category.params });
  parts.push({ key: 'advanced', heading: t('dataIn.docs.part.advanced'), params: definition.advanced });
  return parts
    .map((part) => ({ ...part, params: part.params.flatMap((p) => (p.hint.type === 'compose' ? (p.params ?? []) : [p])).filter((p) => !p.hidden) }))
    .filter((part) => part.params.length > 0);
}

function valueText(param: Param, value: ParamValue | undefined, t: TFunction): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'boolean') return t(value ? 'dataIn.docs.on' : 'dataIn.docs.off');
  const choice = param.hint.choices?.find((c) => c.value === value);
  if (choice) return choice.label;
  const unit = param.type_value?.unit;
  return `${Array.isArray(value) ? value.join(', ') : String(value)}${unit ? ` ${unit}` : ''}`;
}

function valuesText(param: Param, t: TFunction): string {
  const { choices, min, max } = param.hint;
  if (choices) return choices.map((c) => c.label).join(' / ');
  const range = min !== undefined && max !== undefined ? t('dataIn.docs.range', { min, max }) : min !== undefined ? t('dataIn.docs.atLeast', { min }) : max !== undefined ? t('dataIn.docs.atMost', { max }) : '';
  const units = param.type_value ? t('dataIn.docs.unit', { unit: param.type_value.units.join(' / ') }) : '';
  return [t(`dataIn.docs.hint.${param.hint.type}`), range, units].filter(Boolean).join(', ');
}

/** Every field of a source's form, part by part: its label, key, required mark, description, default and values. */
export function FieldReference({ definition, t }: { definition: ConnectorDefinition; t: TFunction }) {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="field-reference">
      {formParts(definition, t).map((part) => (
        <div key={part.key}>
          <Typography.Title level={5}>{part.heading}</Typography.Title>
          <Table<Param>
            rowKey="name"
            size="small"
            pagination={false}
            dataSource={part.params}
            columns={[
              {
                key: 'field',
                title: t('dataIn.docs.col.field'),
                render: (_, p) => (
                  <Space size={4} wrap>
                    {p.display}
                    {p.required && <Tag color="red">{t('dataIn.docs.required')}</Tag>}
                  </Space>
                ),
              },
              { key: 'key', title: t('dataIn.docs.col.key'), render: (_, p) => <Typography.Text code>{p.name}</Typography.Text> },
              {
                key: 'about',
                title: t('dataIn.docs.col.about'),
                render: (_, p) => {
                  const notes = [
                    p.description,
                    p.patternMsg,
                    p.placeholder && <Typography.Text key="placeholder" code>{p.placeholder}</Typography.Text>,
                    p.multiple && t('dataIn.docs.several'),
                    p.editable === false && t('dataIn.docs.fixed'),
                    p.requires?.length && t('dataIn.docs.onlyWhen', { condition: p.requires.map((r) => (r.value === undefined ? r.name : `${r.name} = ${String(r.value)}`)).join(', ') }),
                  ].filter(Boolean);
                  return <Space orientation="vertical" size={0}>{notes.map((note, i) => <span key={i}>{note}</span>)}</Space>;
                },
              },
              { key: 'default', title: t('dataIn.docs.col.default'), render: (_, p) => valueText(p, p.value, t) },
              { key: 'values', title: t('dataIn.docs.col.values'), render: (_, p) => valuesText(p, t) },
            ]}
          />
        </div>
      ))}
    </Space>
  );
}
