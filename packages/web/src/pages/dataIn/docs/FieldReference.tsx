import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
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

const CELL = { borderBottom: '1px solid rgba(5, 5, 5, 0.06)', padding: '8px', textAlign: 'start', verticalAlign: 'top' } as const;

function aboutOf(p: Param, t: TFunction): ReactNode[] {
  return [
    p.description,
    p.patternMsg,
    p.placeholder && <Typography.Text code>{p.placeholder}</Typography.Text>,
    p.multiple && t('dataIn.docs.several'),
    p.editable === false && t('dataIn.docs.fixed'),
    p.requires?.length && t('dataIn.docs.onlyWhen', { condition: p.requires.map((r) => (r.value === undefined ? r.name : `${r.name} = ${String(r.value)}`)).join(', ') }),
  ].filter(Boolean);
}

/**
 * Every field of a source's form, part by part: its label, key, required mark, description, default and values.
 * Plain tables: a reference of 17 sources needs no sorting or paging, and renders many times lighter than antd's.
 */
export function FieldReference({ definition, t }: { definition: ConnectorDefinition; t: TFunction }) {
  const headings = [t('dataIn.docs.col.field'), t('dataIn.docs.col.key'), t('dataIn.docs.col.about'), t('dataIn.docs.col.default'), t('dataIn.docs.col.values')];
  return (
    <div data-testid="field-reference">
      {formParts(definition, t).map((part) => (
        <section key={part.key} style={{ marginBottom: 16, overflowX: 'auto' }}>
          <Typography.Title level={5}>{part.heading}</Typography.Title>
          <table style={{ width: '100%', borderCollapse: 'collapse' }}>
            <thead>
              <tr>
                {headings.map((heading) => (
                  <th key={heading} style={{ ...CELL, background: 'rgba(0, 0, 0, 0.02)' }}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {part.params.map((p) => (
                <tr key={p.name}>
                  <td style={CELL}>
                    {p.display}
                    {p.required && <Tag color="red" style={{ marginInlineStart: 6 }}>{t('dataIn.docs.required')}</Tag>}
                  </td>
                  <td style={CELL}>
                    <Typography.Text code>{p.name}</Typography.Text>
                  </td>
                  <td style={CELL}>
                    {aboutOf(p, t).map((note, i) => (
                      <div key={i}>{note}</div>
                    ))}
                  </td>
                  <td style={CELL}>{valueText(p, p.value, t)}</td>
                  <td style={CELL}>{valuesText(p, t)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
