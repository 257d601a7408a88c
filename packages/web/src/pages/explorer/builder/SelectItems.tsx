import { Button, Input, InputNumber, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CatalogColumn } from '../../../data/console/catalog';
import { typeGroup } from './filters';
import { BUILDER_FUNCTIONS, defaultParams, functionSpec, validateCall, type ParamValue } from './functions';
import type { SelectItem, TableKind } from './sql';

/** Functions offered for a column: by its type (numbers only for numeric ones), the table kind and the window. */
export function functionsFor(column: CatalogColumn | undefined, tableKind: TableKind, windowed: boolean) {
  return BUILDER_FUNCTIONS.filter((f) => {
    if (f.tablesOnly && tableKind === 'stable') return false;
    if (f.perRow && windowed) return false;
    if (!column) return f.name === 'count';
    return f.input === 'any' || typeGroup(column.type) === 'number';
  });
}

const parseList = (text: string): number[] => text.split(',').map((s) => s.trim()).filter(Boolean).map(Number);

function ParamInput({ fn, index, value, onChange }: { fn: string; index: number; value: ParamValue; onChange: (v: ParamValue) => void }) {
  const { t } = useTranslation();
  const spec = functionSpec(fn)!.params[index];
  const problem = validateCall(fn, Object.assign([], { [index]: value }) as ParamValue[]).find((p) => p.index === index);
  const status = problem ? 'error' : undefined;
  const label = t(spec.labelKey);
  if (spec.kind === 'choice') {
    return <Select aria-label={label} style={{ width: 90 }} value={value as string} onChange={onChange} options={spec.options.map((o) => ({ value: o, label: o }))} status={status} />;
  }
  if (spec.kind === 'intList') {
    return <Input aria-label={label} placeholder={label} style={{ width: 140 }} value={(value as number[]).join(', ')} onChange={(e) => onChange(parseList(e.target.value))} status={status} />;
  }
  return <InputNumber aria-label={label} placeholder={label} style={{ width: 120 }} min={spec.min} max={spec.max} precision={0} value={value as number} onChange={(v) => onChange(v ?? Number.NaN)} status={status} />;
}

export function SelectItems({ items, columns, tableKind, windowed, onChange }: { items: SelectItem[]; columns: CatalogColumn[]; tableKind: TableKind; windowed: boolean; onChange: (items: SelectItem[]) => void }) {
  const { t } = useTranslation();
  const set = (i: number, item: SelectItem) => onChange(items.map((x, j) => (j === i ? item : x)));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {items.map((item, i) => {
        const column = columns.find((c) => c.name === item.column);
        const fns = functionsFor(column, tableKind, windowed);
        const problems = item.fn ? validateCall(item.fn, item.params) : [];
        return (
          <Space key={i} wrap data-testid="builder-select-item">
            <Select
              aria-label={t('console.builder.column')}
              style={{ width: 180 }}
              value={item.column}
              onChange={(name) => set(i, { column: name, fn: name === '*' ? 'count' : item.fn && functionsFor(columns.find((c) => c.name === name), tableKind, windowed).some((f) => f.name === item.fn) ? item.fn : null, params: name === '*' ? [] : item.params })}
              options={[{ value: '*', label: '*' }, ...columns.map((c) => ({ value: c.name, label: c.isTag ? t('console.builder.tagColumn', { name: c.name, type: c.type }) : `${c.name} (${c.type})` }))]}
            />
            <Select
              aria-label={t('console.builder.function')}
              style={{ width: 160 }}
              value={item.fn ?? ''}
              onChange={(fn) => set(i, { ...item, fn: fn || null, params: fn ? defaultParams(functionSpec(fn)!) : [] })}
              options={[...(item.column === '*' ? [] : [{ value: '', label: t('console.builder.noFunction') }]), ...fns.map((f) => ({ value: f.name, label: f.name.toUpperCase() }))]}
            />
            {item.fn &&
              functionSpec(item.fn)!.params.map((_, p) => (
                <ParamInput key={p} fn={item.fn!} index={p} value={item.params[p]} onChange={(v) => set(i, { ...item, params: item.params.map((x, q) => (q === p ? v : x)) })} />
              ))}
            {problems.length > 0 && <Typography.Text type="danger">{t(problems[0].key)}</Typography.Text>}
            <Button aria-label={t('console.builder.remove')} icon={<DeleteOutlined />} onClick={() => onChange(items.filter((_, j) => j !== i))} />
          </Space>
        );
      })}
      <Button icon={<PlusOutlined />} onClick={() => onChange([...items, { column: columns[1]?.name ?? columns[0]?.name ?? '*', fn: null, params: [] }])} disabled={columns.length === 0}>
        {t('console.builder.addColumn')}
      </Button>
    </Space>
  );
}
