import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Table } from 'antd';
import { CopyOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CONSOLE_MAX_ROWS, CONSOLE_PAGE_SIZE, type SqlColumnMeta } from '@tscloud/contracts';
import { notifier } from '../../../components/feedback/notifier';
import { failureText } from '../../../data/sql/run';
import { columnWidths } from './grid';
import { ColumnFilter } from './results/ColumnFilter';
import { columnKinds, displayText } from './results/columns';
import { useResultCopy } from './results/copyActions';
import { activeFilters, filterRows, sortRows, type ColumnFilters, type SortRule } from './results/sortFilter';
import { savedTimeZone } from './results/timeZone';

type Row = { key: number; cells: unknown[] };

/** The class of the row-actions column (copy), the one column that is not the result's. */
export const ROW_ACTIONS_CLASS = 'result-row-actions';

/**
 * EXPLAIN's one column: its rows are the lines of an indented plan tree, shown in monospace with their spaces kept,
 * whole (no ellipsis, wide enough for the longest line).
 */
const PLAN_COLUMN = 'QUERY_PLAN';
const PLAN_CELL_STYLE = { fontFamily: 'monospace', whiteSpace: 'pre' } as const;
const PLAN_CHAR_PX = 8;
const PLAN_PADDING_PX = 32;

/** The rows held: one page of the result (at most CONSOLE_MAX_ROWS), starting at row `offset`. */
type Held = { offset: number; rows: unknown[][] };

/**
 * A result's rows: page size 10 (§9), columns 100–400 px wide, timestamps in the chosen zone. A paged read
 * (`readRows`) is paged over all its `total` rows: turning to a row outside the page held reads that page of
 * CONSOLE_MAX_ROWS from the server in place of the one held (issue 13 item 4: the browser holds one page, not the
 * whole result). Sorting, filtering and a time range (`rangeRows`, the rows a range preset keeps) work in the browser
 * over the first CONSOLE_MAX_ROWS rows (`rows`), and the grid then pages over what they keep
 * (docs/web-console.md "Results").
 */
export function ResultGrid({
  columns,
  rows,
  total = rows.length,
  readRows,
  timeZone,
  rangeRows,
}: {
  columns: SqlColumnMeta[];
  rows: unknown[][];
  total?: number;
  readRows?: (offset: number) => Promise<unknown[][]>;
  /** The zone timestamps are shown in; the remembered (or the edition's) zone when not given. */
  timeZone?: string;
  /** The rows a time-range preset keeps, when one is chosen. */
  rangeRows?: unknown[][];
}) {
  const { t } = useTranslation();
  const zone = timeZone ?? savedTimeZone();
  const { copyRow, copyCell } = useResultCopy();
  const [held, setHeld] = useState<Held>({ offset: 0, rows });
  const [current, setCurrent] = useState(1);
  const [loading, setLoading] = useState(false);
  const [sort, setSort] = useState<SortRule | null>(null);
  const [filters, setFilters] = useState<ColumnFilters>({});
  // The page last asked for: a slower answer for an earlier one is dropped.
  const wanted = useRef(0);
  useEffect(() => {
    setHeld({ offset: 0, rows });
    setCurrent(1);
    setSort(null);
    setFilters({});
    wanted.current = 0;
  }, [rows]);
  const widths = useMemo(() => columnWidths(columns, rows), [columns, rows]);
  const kinds = useMemo(() => columnKinds(columns), [columns]);
  const local = sort !== null || activeFilters(filters).length > 0 || rangeRows !== undefined;
  // Sorted and filtered rows (over the rows held in the browser), or null when the grid pages the result as read.
  const view = useMemo(() => {
    if (!local) return null;
    const kept = filterRows(rangeRows ?? rows, filters, (value, column) => displayText(value, kinds[column], zone));
    return sort ? sortRows(kept, sort, kinds[sort.column]) : kept;
  }, [local, rangeRows, rows, filters, sort, kinds, zone]);
  const first = (current - 1) * CONSOLE_PAGE_SIZE;
  const data = useMemo<Row[]>(() => {
    // A page outside the rows held (being read) shows nothing rather than other rows.
    const within = first >= held.offset && first < held.offset + Math.max(held.rows.length, 1);
    const page = view ? view.slice(first, first + CONSOLE_PAGE_SIZE) : within ? held.rows.slice(first - held.offset, first - held.offset + CONSOLE_PAGE_SIZE) : [];
    return page.map((cells, i) => ({ key: first + i, cells }));
  }, [view, held, first]);

  const turnTo = async (page: number) => {
    setCurrent(page);
    const index = (page - 1) * CONSOLE_PAGE_SIZE;
    if (view || !readRows || (index >= held.offset && index < held.offset + held.rows.length)) return;
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

  // A new sort, filter or range starts at page 1 (read again when the grid had turned past the first rows held).
  const firstPage = useRef(turnTo);
  firstPage.current = turnTo;
  useEffect(() => void firstPage.current(1), [sort, filters, rangeRows]);

  const dataColumns = columns.map(([name, type], i) => ({
    key: `${i}`,
    title: <span title={type}>{name}</span>,
    width: name === PLAN_COLUMN ? Math.max(widths[i], planWidth(rows, i)) : widths[i],
    ellipsis: name !== PLAN_COLUMN,
    sorter: true,
    sortDirections: ['ascend' as const, 'descend' as const],
    sortOrder: sort?.column === i ? sort.direction : null,
    filteredValue: filters[i] ? [filters[i]] : null,
    filterIcon: (filtered: boolean) => <SearchOutlined aria-label={t('console.result.filter', { column: name })} style={{ color: filtered ? '#1677ff' : undefined }} />,
    filterDropdown: ({ close }: { close: () => void }) => (
      <ColumnFilter column={name} value={filters[i] ?? ''} onChange={(text) => setFilters((f) => ({ ...f, [i]: text }))} close={close} />
    ),
    onCell: (row: Row) => ({ onDoubleClick: () => void copyCell(displayText(row.cells[i], kinds[i], zone)) }),
    render: (_: unknown, row: Row) =>
      name === PLAN_COLUMN ? <span style={PLAN_CELL_STYLE}>{displayText(row.cells[i], kinds[i], zone)}</span> : displayText(row.cells[i], kinds[i], zone),
  }));
  const copyColumn = {
    key: 'copy',
    // Marks the column that is not the result's (browser tests read the result's cells only).
    className: ROW_ACTIONS_CLASS,
    title: t('console.result.copy'),
    width: 64,
    fixed: 'right' as const,
    render: (_: unknown, row: Row) => (
      <Button size="small" type="text" icon={<CopyOutlined />} aria-label={t('console.result.copyRow')} title={t('console.result.copyRow')} onClick={() => void copyRow(columns, row.cells)} />
    ),
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
        total: view ? view.length : readRows ? total : rows.length,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: (page) => void turnTo(page),
      }}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action !== 'sort' || Array.isArray(sorter)) return;
        setSort(sorter.order ? { column: Number(sorter.columnKey), direction: sorter.order } : null);
      }}
      scroll={{ x: 'max-content' }}
      columns={columns.length > 0 ? [...dataColumns, copyColumn] : []}
    />
  );
}

/** Pixels for the longest plan line of column `i` in monospace. */
function planWidth(rows: unknown[][], i: number): number {
  const longest = rows.reduce<number>((max, r) => Math.max(max, String(r[i] ?? '').length), 0);
  return longest * PLAN_CHAR_PX + PLAN_PADDING_PX;
}
