import { useMemo, useState } from 'react';
import { Alert, Button, Col, DatePicker, Divider, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { CaretRightOutlined, CodeOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Instance } from '@tscloud/contracts';
import { useColumns, useDatabases, useTables } from '../../../data/console/catalog';
import { ResultsView } from '../console/ResultsView';
import { useConsoleRun } from '../console/useConsoleRun';
import { FilterRules } from './FilterRules';
import { ruleProblems, type FilterRule } from './filters';
import { validateCall } from './functions';
import { SelectItems } from './SelectItems';
import { windowProblem } from './schema';
import type { WebKey } from '../../../i18n';
import { FILL_MODES, INTERVAL_UNITS, buildSql, emptyQuery, type BuilderQuery, type FillMode, type IntervalUnit } from './sql';

/** The generated SQL, or why there is none yet. Pure. */
export function builderOutput(q: BuilderQuery): { sql: string | null; problem: string | null; rule?: WebKey } {
  if (!q.database || !q.table) return { sql: null, problem: null };
  const rule = windowProblem(q);
  if (rule) return { sql: null, problem: 'rule', rule: rule as WebKey };
  const badParams = q.select.some((s) => s.fn && validateCall(s.fn, s.params).length > 0);
  const badRules = q.filters.some((r) => !r.group && ruleProblems(r).length > 0);
  try {
    const sql = buildSql({ ...q, filters: q.filters.filter((r) => r.group || ruleProblems(r).length === 0) });
    return { sql, problem: badParams || badRules ? 'incomplete' : null };
  } catch (error) {
    return { sql: null, problem: (error as Error).message };
  }
}

/**
 * The query builder (data-explorer.md §5): database, super table or table, columns and functions, filters, time
 * range, interval, fill and partition; the SQL is rebuilt on every change and runs through the console's SQL call.
 */
export function QueryBuilder({ instance, onOpenInConsole }: { instance: Instance; onOpenInConsole: (sql: string) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState<BuilderQuery>(emptyQuery);
  const patch = (p: Partial<BuilderQuery>) => setQ((prev) => ({ ...prev, ...p }));
  const databases = useDatabases(instance);
  const tables = useTables(instance, q.database || null);
  const columns = useColumns(instance, q.database || null, q.table || null);
  const cols = columns.data ?? [];
  const { outcomes, running, cancelled, run } = useConsoleRun(instance, q.database || null, () => undefined);
  const output = useMemo(() => builderOutput(q), [q]);
  const tableOptions = (tables.data ?? []).map((tb) => ({ value: tb.name, label: `${tb.name} · ${t(`console.builder.tableKind.${tb.kind}`)}`, kind: tb.kind }));
  const range: [Dayjs | null, Dayjs | null] = [q.timeRange.from ? dayjs(q.timeRange.from) : null, q.timeRange.to ? dayjs(q.timeRange.to) : null];
  const partitionOptions = [{ value: 'tbname', label: 'tbname' }, ...cols.filter((c) => c.isTag).map((c) => ({ value: c.name, label: c.name }))];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Form layout="vertical">
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item label={t('console.builder.database')}>
              <Select
                aria-label={t('console.builder.database')}
                showSearch
                value={q.database || undefined}
                loading={databases.isLoading}
                onChange={(database) => setQ({ ...emptyQuery(), database })}
                options={(databases.data ?? []).map((d) => ({ value: d, label: d }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item label={t('console.builder.table')}>
              <Select
                aria-label={t('console.builder.table')}
                showSearch
                value={q.table || undefined}
                loading={tables.isLoading}
                disabled={!q.database}
                onChange={(table) => {
                  const kind = tableOptions.find((o) => o.value === table)?.kind ?? 'table';
                  setQ({ ...emptyQuery(), database: q.database, table, tableKind: kind });
                }}
                options={tableOptions}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item label={t('console.builder.limit')}>
              <InputNumber aria-label={t('console.builder.limit')} min={1} precision={0} style={{ width: '100%' }} value={q.limit} onChange={(limit) => patch({ limit: limit ?? null })} />
            </Form.Item>
          </Col>
        </Row>
        {q.table && (
          <>
            <Divider titlePlacement="start">{t('console.builder.columns')}</Divider>
            <SelectItems
              items={q.select}
              columns={cols}
              tableKind={q.tableKind}
              windowed={q.interval !== null}
              onChange={(select) => setQ((prev) => ({ ...prev, select, timestampColumn: cols[0]?.name ?? prev.timestampColumn }))}
            />
            <Divider titlePlacement="start">{t('console.builder.filters')}</Divider>
            <FilterRules rules={q.filters as FilterRule[]} connector={q.connector} columns={cols} onChange={(filters) => patch({ filters })} onConnector={(connector) => patch({ connector })} />
            <Divider />
            <Row gutter={16}>
              <Col xs={24} md={10}>
                <Form.Item label={t('console.builder.timeRange')} validateStatus={output.rule ? 'error' : undefined} help={output.rule ? t(output.rule) : undefined}>
                  <DatePicker.RangePicker
                    showTime
                    allowEmpty={[true, true]}
                    value={range}
                    onChange={(v) => patch({ timestampColumn: cols[0]?.name ?? q.timestampColumn, timeRange: { from: v?.[0] ? v[0].toISOString() : null, to: v?.[1] ? v[1].toISOString() : null } })}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={7}>
                <Form.Item label={t('console.builder.interval')}>
                  <Space.Compact>
                    <InputNumber
                      aria-label={t('console.builder.interval')}
                      min={1}
                      precision={0}
                      placeholder={t('console.builder.noInterval')}
                      value={q.interval?.value ?? null}
                      onChange={(value) => patch(value ? { interval: { value, unit: q.interval?.unit ?? 'm' } } : { interval: null, fill: 'NONE' })}
                    />
                    <Select<IntervalUnit> style={{ width: 70 }} value={q.interval?.unit ?? 'm'} disabled={!q.interval} onChange={(unit) => q.interval && patch({ interval: { ...q.interval, unit } })} options={INTERVAL_UNITS.map((u) => ({ value: u, label: u }))} />
                  </Space.Compact>
                </Form.Item>
              </Col>
              <Col xs={24} md={7}>
                <Form.Item label={t('console.builder.fill')}>
                  <Select<FillMode> aria-label={t('console.builder.fill')} value={q.fill} disabled={!q.interval} onChange={(fill) => patch({ fill })} options={FILL_MODES.map((m) => ({ value: m, label: m }))} />
                </Form.Item>
              </Col>
            </Row>
            {(q.fill === 'VALUE' || q.fill === 'VALUE_F') && (
              <Form.Item label={t('console.builder.fillValues')}>
                <Input aria-label={t('console.builder.fillValues')} value={q.fillValues} onChange={(e) => patch({ fillValues: e.target.value })} />
              </Form.Item>
            )}
            <Form.Item label={t('console.builder.partition')}>
              <Select mode="multiple" aria-label={t('console.builder.partition')} value={q.partitionBy} onChange={(partitionBy) => patch({ partitionBy })} options={partitionOptions} />
            </Form.Item>
          </>
        )}
      </Form>
      <Typography.Title level={5}>{t('console.builder.sql')}</Typography.Title>
      {output.sql ? (
        <Typography.Paragraph code copyable data-testid="builder-sql" style={{ whiteSpace: 'pre-wrap' }}>
          {output.sql}
        </Typography.Paragraph>
      ) : output.rule ? (
        <Alert type="warning" showIcon title={t(output.rule)} data-testid="builder-rule" />
      ) : (
        <Typography.Text type="secondary">{t('console.builder.chooseTable')}</Typography.Text>
      )}
      {output.problem && output.problem !== 'incomplete' && output.problem !== 'rule' && <Alert type="error" showIcon title={t('console.builder.invalid', { reason: output.problem })} />}
      <Space>
        <Button type="primary" icon={<CaretRightOutlined />} disabled={!output.sql || output.problem !== null} loading={running} onClick={() => output.sql && void run(output.sql)}>
          {t('console.builder.run')}
        </Button>
        <Button icon={<CodeOutlined />} disabled={!output.sql} onClick={() => output.sql && onOpenInConsole(output.sql)}>
          {t('console.builder.openInConsole')}
        </Button>
      </Space>
      <ResultsView outcomes={outcomes} running={running} cancelled={cancelled} instance={instance} />
    </Space>
  );
}
