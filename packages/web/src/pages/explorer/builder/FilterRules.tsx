import { Button, Input, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CatalogColumn } from '../../../data/console/catalog';
import { canAddRule, isList, isRange, needsNoValue, operatorsFor, ruleProblems, valueForOperator, type FilterRule } from './filters';

/** The builder's filter rules: field, operator by type (§5), value (a pair for ranges), joined by AND or OR. */
export function FilterRules({ rules, connector, columns, onChange, onConnector }: { rules: FilterRule[]; connector: 'AND' | 'OR'; columns: CatalogColumn[]; onChange: (r: FilterRule[]) => void; onConnector: (c: 'AND' | 'OR') => void }) {
  const { t } = useTranslation();
  const set = (i: number, rule: FilterRule) => onChange(rules.map((x, j) => (j === i ? rule : x)));
  const labels = { field: t('console.builder.field'), operator: t('console.builder.operator'), value: t('console.builder.value') };
  const addable = canAddRule(rules);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {rules.length > 1 && (
        <Space>
          <Typography.Text>{t('console.builder.connector')}</Typography.Text>
          <Select aria-label={t('console.builder.connector')} value={connector} onChange={onConnector} style={{ width: 90 }} options={[{ value: 'AND', label: 'AND' }, { value: 'OR', label: 'OR' }]} />
        </Space>
      )}
      {rules.map((rule, i) => {
        const problems = ruleProblems(rule);
        const value = rule.value;
        return (
          <Space key={i} wrap data-testid="builder-rule">
            <Select
              aria-label={labels.field}
              placeholder={labels.field}
              style={{ width: 180 }}
              value={rule.field || undefined}
              onChange={(field) => {
                const type = columns.find((c) => c.name === field)?.type ?? 'VARCHAR';
                const operator = operatorsFor(type).includes(rule.operator) ? rule.operator : operatorsFor(type)[0];
                set(i, { field, type, operator, value: valueForOperator(operator, rule.value) });
              }}
              options={columns.map((c) => ({ value: c.name, label: c.name }))}
            />
            <Select
              aria-label={labels.operator}
              style={{ width: 130 }}
              value={rule.operator}
              onChange={(operator) => set(i, { ...rule, operator, value: valueForOperator(operator, rule.value) })}
              options={operatorsFor(rule.type).map((o) => ({ value: o, label: o === 'CONTAINS' ? t('console.builder.op.contains') : o }))}
            />
            {isRange(rule.operator) ? (
              <>
                <Input aria-label={t('console.builder.valueFrom')} placeholder={t('console.builder.valueFrom')} style={{ width: 170 }} value={Array.isArray(value) ? value[0] : value} onChange={(e) => set(i, { ...rule, value: [e.target.value, Array.isArray(value) ? value[1] : ''] })} />
                <Input aria-label={t('console.builder.valueTo')} placeholder={t('console.builder.valueTo')} style={{ width: 170 }} value={Array.isArray(value) ? value[1] : ''} onChange={(e) => set(i, { ...rule, value: [Array.isArray(value) ? value[0] : '', e.target.value] })} />
              </>
            ) : (
              !needsNoValue(rule.operator) && (
                <Input aria-label={labels.value} placeholder={isList(rule.operator) ? t('console.builder.listHint') : labels.value} style={{ width: 220 }} value={Array.isArray(value) ? value[0] : value} onChange={(e) => set(i, { ...rule, value: e.target.value })} />
              )
            )}
            {problems.length > 0 && <Typography.Text type="danger">{problems.map((p) => t('console.builder.required', { label: labels[p] })).join(', ')}</Typography.Text>}
            <Button aria-label={t('console.builder.remove')} icon={<DeleteOutlined />} onClick={() => onChange(rules.filter((_, j) => j !== i))} />
          </Space>
        );
      })}
      <Space>
        <Button icon={<PlusOutlined />} disabled={!addable || columns.length === 0} onClick={() => onChange([...rules, { field: '', type: 'VARCHAR', operator: '=', value: '' }])}>
          {t('console.builder.addRule')}
        </Button>
        {!addable && <Typography.Text type="secondary">{t('console.builder.completeRules')}</Typography.Text>}
      </Space>
    </Space>
  );
}
