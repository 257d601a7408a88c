import { useEffect, useMemo, useRef, useState } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSOLE_MAX_ROWS, CONSOLE_PAGE_SIZE, type SqlColumnMeta } from '@tscloud/contracts';
import { notifier } from '../../../components/feedback/notifier';
import { failureText } from '../../../data/sql/run';
import { cellText, columnWidths } from './grid';

type Row = { key: number; cells: unknown[] };

/** The rows held: one page of the result (at most CONSOLE_MAX_ROWS), starting at row `offset`. */
type Held = { offset: number; rows: unknown[][] };

/**
 * A result's rows: page size 10 (§9), columns 100–400 px wide. A paged read (`readRows`) is paged over all its
 * `total` rows: turning to a row outside the page held reads that page of CONSOLE_MAX_ROWS from the server in
 * place of the one held (issue 13 item 4: the browser holds one page, not the whole result).
 */
export function ResultGrid({
  columns,
  rows,
  total = rows.length,
  readRows,
}: {
  columns: SqlColumnMeta[];
  rows: unknown[][];
  total?: number;
  readRows?: (offset: number) => Promise<unknown[][]>;
}) {
  const { t } = useTranslation();
  const [held, setHeld] = useState<Held>({ offset: 0, rows });
  const [current, setCurrent] = useState(1);
  const [loading, setLoading] = useState(false);
  // The page last asked for: a slower answer for an earlier one is dropped.
  const wanted = useRef(0);
  useEffect(() => {
    setHeld({ offset: 0, rows });
    setCurrent(1);
    wanted.current = 0;
  }, [rows]);
  const widths = useMemo(() => columnWidths(columns, rows), [columns, rows]);
  const first = (current - 1) * CONSOLE_PAGE_SIZE;
  const data = useMemo<Row[]>(
    () => held.rows.slice(first - held.offset, first - held.offset + CONSOLE_PAGE_SIZE).map((cells, i) => ({ key: first + i, cells })),
    [held, first],
  );

  const turnTo = async (page: number) => {
    setCurrent(page);
    const index = (page - 1) * CONSOLE_PAGE_SIZE;
    if (!readRows || (index >= held.offset && index < held.offset + held.rows.length)) return;
    const offset = Math.floor(index / CONSOLE_MAX_ROWS) * CONSOLE_MAX_ROWS;
    wanted.current = offset;
    setLoading(true);
    try {
      const read = await readRows(offset);
      if (wanted.current === offset) setHeld({ offset, rows: read });
    } catch (error) {
      notifier.error(failureText(error), 0, true);
    } finally {
      if (wanted.current === offset) setLoading(false);
    }
  };

  return (
    <Table<Row>
      size="small"
      bordered
      loading={loading}
      dataSource={data}
      locale={{ emptyText: t('console.empty') }}
      pagination={{
        current,
        pageSize: CONSOLE_PAGE_SIZE,
        total: readRows ? total : rows.length,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: (page) => void turnTo(page),
      }}
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
