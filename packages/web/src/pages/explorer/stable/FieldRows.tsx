import { Button, Checkbox, Input, InputNumber, Select, Space, Table, Tooltip, Typography } from 'antd';
import { Controller, useFieldArray, useWatch, type Control, type FieldValues, type Path, type ArrayPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COLUMN_TYPES, LEVEL_OPTIONS, MAX_LENGTH, TAG_TYPES, compressOptions, compressionDefaults, encodeOptions, hasLength, type FieldDef } from '../../../explorer-sql';
import { translateMessage } from '../../../i18n';

/**
 * Editable rows of columns or tags (name, type, length; for columns on 3.3.0+ also encode, compress, level and the
 * second column's primary key). Changing a type resets its compression to the type group's defaults. Existing
 * fields (with an origin) keep their type.
 */
export function FieldRows<T extends FieldValues>(props: {
  control: Control<T>;
  name: ArrayPath<T>;
  kind: 'column' | 'tag';
  compression: boolean;
  /** Existing fields may only be widened or renamed (edit mode). */
  editing?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const { fields, append, remove, update } = useFieldArray({ control: props.control, name: props.name });
  const rows = (useWatch({ control: props.control, name: props.name as unknown as Path<T> }) ?? []) as FieldDef[];
  const types = props.kind === 'tag' ? TAG_TYPES : COLUMN_TYPES;
  // Screen readers (and tests) tell the rows apart: "Column 2: Type", "Tag 1: Name".
  const kindLabel = t(props.kind === 'tag' ? 'explorer.field.tag' : 'explorer.field.column');
  const cellLabel = (i: number, field: 'name' | 'type' | 'length' | 'remove') => t('explorer.field.cell', { kind: kindLabel, n: i + 1, field: t(`explorer.field.${field}` as const) });
  const path = (i: number, key: keyof FieldDef) => `${props.name}.${i}.${key}` as Path<T>;
  const cell = (i: number, key: keyof FieldDef, render: (f: { value: unknown; onChange: (v: unknown) => void }, error?: string) => React.ReactNode) => (
    <Controller control={props.control} name={path(i, key)} render={({ field, fieldState }) => <>{render(field, fieldState.error?.message)}{fieldState.error && <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>{translateMessage(fieldState.error.message)}</Typography.Text>}</>} />
  );

  const columns = [
    { key: 'field', title: t('explorer.field.name'), render: (_: unknown, __: unknown, i: number) => cell(i, 'field', (f, e) => <Input value={f.value as string} onChange={(ev) => f.onChange(ev.target.value)} status={e ? 'error' : undefined} aria-label={cellLabel(i, 'name')} />) },
    {
      key: 'type',
      title: t('explorer.field.type'),
      width: 170,
      render: (_: unknown, __: unknown, i: number) =>
        cell(i, 'type', (f) => (
          <Select
            value={f.value as string}
            disabled={props.editing && !!rows[i]?.origin}
            style={{ width: '100%' }}
            aria-label={cellLabel(i, 'type')}
            options={types.map((v) => ({ value: v, label: v }))}
            onChange={(v: string) => {
              const row = rows[i];
              update(i, { ...row, type: v, length: hasLength(v) ? row.length && hasLength(row.type) ? row.length : 32 : row.length, ...(props.compression && props.kind === 'column' ? compressionDefaults(v) : {}) } as never);
            }}
          />
        )),
    },
    {
      key: 'length',
      title: t('explorer.field.length'),
      width: 110,
      render: (_: unknown, __: unknown, i: number) =>
        hasLength(rows[i]?.type) ? cell(i, 'length', (f, e) => <InputNumber value={f.value as number} min={1} max={MAX_LENGTH[rows[i].type]} onChange={(v) => f.onChange(v)} status={e ? 'error' : undefined} aria-label={cellLabel(i, 'length')} />) : null,
    },
    ...(props.compression && props.kind === 'column'
      ? [
          { key: 'encode', title: t('explorer.field.encode'), width: 120, render: (_: unknown, __: unknown, i: number) => cell(i, 'encode', (f) => <Select value={f.value as string} onChange={f.onChange} style={{ width: '100%' }} options={encodeOptions(rows[i]?.type ?? 'INT').map((v) => ({ value: v, label: v }))} />) },
          { key: 'compress', title: t('explorer.field.compress'), width: 100, render: (_: unknown, __: unknown, i: number) => cell(i, 'compress', (f) => <Select value={f.value as string} onChange={f.onChange} style={{ width: '100%' }} options={compressOptions(rows[i]?.type ?? 'INT').map((v) => ({ value: v, label: v }))} />) },
          { key: 'level', title: t('explorer.field.level'), width: 100, render: (_: unknown, __: unknown, i: number) => cell(i, 'level', (f) => <Select value={f.value as string} onChange={f.onChange} style={{ width: '100%' }} options={LEVEL_OPTIONS.map((v) => ({ value: v, label: v }))} />) },
          {
            key: 'pk',
            title: t('explorer.field.primaryKey'),
            width: 80,
            render: (_: unknown, __: unknown, i: number) => (i === 1 && !props.editing ? cell(i, 'primaryKey', (f) => <Checkbox checked={!!f.value} onChange={(ev) => f.onChange(ev.target.checked)} />) : null),
          },
        ]
      : []),
    {
      key: 'remove',
      width: 70,
      render: (_: unknown, __: unknown, i: number) =>
        props.kind === 'column' && i === 0 ? null : (
          <Tooltip title={t('explorer.field.remove')}>
            <Button size="small" type="link" danger onClick={() => remove(i)} aria-label={cellLabel(i, 'remove')}>
              ×
            </Button>
          </Tooltip>
        ),
    },
  ];

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={props.testId}>
      <Table rowKey="id" size="small" pagination={false} dataSource={fields} columns={columns} />
      <Button
        size="small"
        onClick={() => append({ field: '', type: 'INT', ...(props.compression && props.kind === 'column' ? compressionDefaults('INT') : {}) } as never)}
      >
        {t(props.kind === 'tag' ? 'explorer.field.addTag' : 'explorer.field.addColumn')}
      </Button>
    </Space>
  );
}
