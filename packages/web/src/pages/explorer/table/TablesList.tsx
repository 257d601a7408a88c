import { useState } from 'react';
import { Alert, Button, Input, Popconfirm, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../components/feedback/notifier';
import { formatDateTime } from '../../../config/format';
import { useSchemaChange } from '../../../data/explorer/stables';
import { useTablesPage, type TableItem } from '../../../data/explorer/tables';
import { failureText } from '../../../data/sql/run';
import { dropTableSql, TABLE_PAGE_SIZE } from '../../../explorer-sql';
import type { ExplorerInstance } from '../context';
import { CsvImportDialog } from '../import/CsvImportDialog';
import { TableDialog } from './TableDialog';

/**
 * Tables of a database (or the child tables of one super table) from information_schema.ins_tables, paged: the
 * count first, then the page (§2), narrowed by a name search run by the engine (LIKE, % and _ taken literally).
 * Open (describe), import CSV, delete; create a table.
 */
export function TablesList(props: { instance: ExplorerInstance; db: string; stable?: string; canWrite: boolean; onOpen: (name: string) => void }) {
  const { t } = useTranslation();
  const { instance, db } = props;
  const [page, setPage] = useState(1);
  const [matcher, setMatcher] = useState('');
  const list = useTablesPage(instance, db, props.stable ?? null, page, matcher);
  const change = useSchemaChange(instance, db);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onDrop = async (name: string) => {
    setFailure(null);
    try {
      await change.mutateAsync([dropTableSql(db, name)]);
      notifier.success(t('explorer.deleted'));
    } catch (error) {
      // §8: a failed drop shows the server's description.
      setFailure(failureText(error));
    }
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {props.canWrite && (
          <Button type="primary" onClick={() => setCreating(true)} data-testid="table-create">
            {t('explorer.table.create')}
          </Button>
        )}
        <Input.Search
          aria-label={t('explorer.table.search')}
          placeholder={t('explorer.table.search')}
          allowClear
          style={{ width: 240 }}
          // Searched on Enter, the button or clearing: one count and one page per search, not per keystroke.
          onSearch={(value) => {
            setMatcher(value.trim());
            setPage(1);
          }}
        />
      </Space>
      {failure && <Alert type="error" showIcon title={failure} />}
      {list.error && <Alert type="error" showIcon title={t('explorer.loadFailed', { message: failureText(list.error) })} />}
      <Table<TableItem>
        rowKey="table_name"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: t('explorer.table.empty') }}
        pagination={{ current: page, pageSize: TABLE_PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
        data-testid="tables-list"
        columns={[
          { key: 'name', title: t('explorer.table.name'), render: (_, r) => <Button type="link" size="small" onClick={() => props.onOpen(r.table_name)}>{r.table_name}</Button> },
          { key: 'stable', title: t('explorer.table.stable'), render: (_, r) => r.stable_name ?? '' },
          { key: 'type', title: t('explorer.table.type'), dataIndex: 'type' },
          { key: 'created', title: t('explorer.stable.createTime'), render: (_, r) => (r.create_time ? formatDateTime(typeof r.create_time === 'number' ? r.create_time : Date.parse(String(r.create_time))) : '') },
          {
            key: 'actions',
            render: (_, r) =>
              props.canWrite && (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setImporting(r.table_name)}>{t('explorer.action.import')}</Button>
                  <Popconfirm title={t('explorer.action.confirmDelete', { name: r.table_name })} okText={t('explorer.action.delete')} cancelText={t('explorer.action.cancel')} onConfirm={() => void onDrop(r.table_name)}>
                    <Button type="link" size="small" danger>{t('explorer.action.delete')}</Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      {creating && <TableDialog instance={instance} db={db} stable={props.stable} onClose={() => setCreating(false)} />}
      {importing && <CsvImportDialog instance={instance} db={db} table={importing} onClose={() => setImporting(null)} />}
    </Space>
  );
}
