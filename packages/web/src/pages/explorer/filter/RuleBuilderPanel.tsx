import { useState } from 'react';
import { Alert, Button, Card, Input, Pagination, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFilteredChildTables } from '../../../data/explorer/filteredChildTables';
import { failureText } from '../../../data/sql/run';
import {
  canAdd, filterSql, isRange, needsNoValue, newGroup, newRule, operatorsFor, ruleProblem, withOperator,
  type Connector, type FilterGroup, type FilterNode, type FilterRule, type Operator, type DescribedField,
  TABLE_PAGE_SIZE,
} from '../../../explorer-sql';
import type { ExplorerInstance } from '../context';
import { PageSpan } from '../stable/PageSpan';

/** Replaces the node with `id` anywhere in the tree. */
function replaceNode(root: FilterGroup, id: string, next: FilterNode | null): FilterGroup {
  const children = root.children.flatMap((c): FilterNode[] => {
    if (c.id === id) return next ? [next] : [];
    return c.kind === 'group' ? [replaceNode(c, id, next)] : [c];
  });
  return { ...root, children };
}

/** The first problem of the tree as a "<label> is required" message key and label, or null. */
export function firstProblem(node: FilterNode): { label: 'explorer.filter.field' | 'explorer.filter.operator' | 'explorer.filter.value' } | null {
  if (node.kind === 'rule') {
    const p = ruleProblem(node);
    return p ? { label: `explorer.filter.${p}` } : null;
  }
  for (const c of node.children) {
    const p = firstProblem(c);
    if (p) return p;
  }
  return null;
}

/**
 * The super table advanced filter (data-explorer.md §5 rule builder): rules (field, operator by type, value) and
 * groups joined by AND / OR over the super table's tags; applying lists the child tables whose tags match.
 */
export function RuleBuilderPanel(props: { instance: ExplorerInstance; db: string; stable: string; fields: DescribedField[]; onOpen: (name: string) => void }) {
  const { t } = useTranslation();
  const [tree, setTree] = useState<FilterGroup>(() => ({ ...newGroup('AND'), children: [newRule()] }));
  const [applied, setApplied] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const result = useFilteredChildTables(props.instance, props.db, props.stable, applied, page);

  const update = (id: string, next: FilterNode | null) => setTree((root) => replaceNode(root, id, next));
  const add = (group: FilterGroup, node: FilterNode) => {
    if (!canAdd(tree)) {
      setProblem(t('explorer.filter.completeFirst'));
      return;
    }
    setProblem(null);
    setTree((root) => (group.id === root.id ? { ...root, children: [...root.children, node] } : replaceNode(root, group.id, { ...group, children: [...group.children, node] })));
  };
  const apply = () => {
    const p = firstProblem(tree);
    if (p) {
      setProblem(t('explorer.filter.required', { label: t(p.label) }));
      return;
    }
    setProblem(null);
    setApplied(filterSql(tree));
    setPage(1);
  };

  const ruleRow = (rule: FilterRule) => {
    const field = props.fields.find((f) => f.field === rule.field);
    const ops = field ? operatorsFor(field.type) : [];
    return (
      <Space key={rule.id} wrap data-testid="filter-rule">
        <Select
          placeholder={t('explorer.filter.field')}
          aria-label={t('explorer.filter.field')}
          style={{ width: 160 }}
          value={rule.field || undefined}
          options={props.fields.map((f) => ({ value: f.field, label: f.field }))}
          onChange={(v: string) => {
            const f = props.fields.find((x) => x.field === v)!;
            update(rule.id, { ...rule, field: v, type: f.type, operator: operatorsFor(f.type)[0], value: '' });
          }}
        />
        <Select
          placeholder={t('explorer.filter.operator')}
          aria-label={t('explorer.filter.operator')}
          style={{ width: 130 }}
          value={rule.operator || undefined}
          options={ops.map((o) => ({ value: o, label: o }))}
          onChange={(v: Operator) => update(rule.id, withOperator(rule, v))}
        />
        {isRange(rule.operator) ? (
          <>
            <Input aria-label={`${t('explorer.filter.value')} 1`} style={{ width: 160 }} value={(rule.value as [string, string])[0]} onChange={(e) => update(rule.id, { ...rule, value: [e.target.value, (rule.value as [string, string])[1]] })} />
            <Input aria-label={`${t('explorer.filter.value')} 2`} style={{ width: 160 }} value={(rule.value as [string, string])[1]} onChange={(e) => update(rule.id, { ...rule, value: [(rule.value as [string, string])[0], e.target.value] })} />
          </>
        ) : needsNoValue(rule.operator) ? null : (
          <Input
            aria-label={t('explorer.filter.value')}
            style={{ width: 220 }}
            placeholder={rule.operator === 'IN' || rule.operator === 'NOT IN' ? t('explorer.filter.listHint') : undefined}
            value={rule.value as string}
            onChange={(e) => update(rule.id, { ...rule, value: e.target.value })}
          />
        )}
        <Button size="small" type="link" danger onClick={() => update(rule.id, null)}>{t('explorer.field.remove')}</Button>
      </Space>
    );
  };

  const groupBox = (group: FilterGroup, root: boolean) => (
    <Card key={group.id} size="small" style={{ width: '100%' }}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space>
          <Select<Connector>
            aria-label={t('explorer.filter.connector')}
            value={group.connector}
            style={{ width: 90 }}
            options={[{ value: 'AND', label: 'AND' }, { value: 'OR', label: 'OR' }]}
            onChange={(v) => (root ? setTree({ ...tree, connector: v }) : update(group.id, { ...group, connector: v }))}
          />
          <Button size="small" onClick={() => add(group, newRule())}>{t('explorer.filter.addRule')}</Button>
          <Button size="small" onClick={() => add(group, { ...newGroup('AND'), children: [newRule()] })}>{t('explorer.filter.addGroup')}</Button>
          {!root && <Button size="small" type="link" danger onClick={() => update(group.id, null)}>{t('explorer.field.remove')}</Button>}
        </Space>
        {group.children.map((c) => (c.kind === 'rule' ? ruleRow(c) : groupBox(c, false)))}
      </Space>
    </Card>
  );

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {groupBox(tree, true)}
      {problem && <Alert type="warning" showIcon title={problem} data-testid="filter-problem" />}
      <Space>
        <Button type="primary" onClick={apply} data-testid="filter-apply">{t('explorer.filter.apply')}</Button>
        <Button onClick={() => { setTree({ ...newGroup('AND'), children: [newRule()] }); setApplied(null); setProblem(null); }}>{t('explorer.filter.clear')}</Button>
      </Space>
      {applied !== null && (
        <>
          <Typography.Text type="secondary">{t('explorer.filter.condition')}: <code>{applied || '—'}</code></Typography.Text>
          {result.error && <Alert type="error" showIcon title={failureText(result.error)} />}
          {result.data && (
            <div data-testid="filter-results" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
              <Typography.Text data-testid="filter-count">{t('explorer.filter.matches', { count: result.data.total })}</Typography.Text>
              <Space wrap>{result.data.items.map((n) => <Button key={n} size="small" onClick={() => props.onOpen(n)}>{n}</Button>)}</Space>
              <PageSpan page={page} shown={result.data.items.length} total={result.data.total} testId="filter-span" />
              <Pagination size="small" current={page} pageSize={TABLE_PAGE_SIZE} total={result.data.total} onChange={setPage} hideOnSinglePage showSizeChanger={false} />
            </div>
          )}
        </>
      )}
    </Space>
  );
}

