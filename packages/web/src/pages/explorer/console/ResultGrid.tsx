import { useMemo } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSOLE_PAGE_SIZE, type SqlColumnMeta } from '@tscloud/contracts';
import { cellText, columnWidths } from './grid';

type Row = { key: number; cells: unknown[] };

/** A result's rows: page size 10 (§9), columns 100–400 px wide. */
export function ResultGrid({ columns, rows }: { columns: SqlColumnMeta[]; rows: unknown[][] }) {
  const { t } = useTranslation();
  const widths = useMemo(() => columnWidths(columns, rows), [columns, rows]);
  const data = useMemo<Row[]>(() => rows.map((cells, key) => ({ key, cells })), [rows]);
  return (
    <Table<Row>
      size="small"
      bordered
      dataSource={data}
      locale={{ emptyText: t('console.empty') }}
      pagination={{ pageSize: CONSOLE_PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      columns={columns.map(([name, type], i) => ({
        key: `${i}`,
        title: <span title={type}>{name}</span>,
        width: widths[i],
        ellipsis: true,
        render: (_: unknown, row: Row) => cellText(row.cells[i]),
      }))}
    />
  );
}
