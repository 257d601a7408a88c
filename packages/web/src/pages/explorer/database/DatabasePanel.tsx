import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Popconfirm, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Privilege } from '@tscloud/contracts';
import { notifier } from '../../../components/feedback/notifier';
import { formatDateTime } from '../../../config/format';
import { useDatabaseInfo, useDatabaseMutations } from '../../../data/explorer/databases';
import { failureText } from '../../../data/sql/run';
import { dropDatabaseSql } from '../../../explorer-sql';
import type { ExplorerInstance } from '../context';
import { DatabaseDialog } from './DatabaseDialog';

/**
 * ins_databases columns shown in the view-database panel, in this order. An option column ins_databases leaves out
 * (engine users without system-info rights) is shown from SHOW CREATE DATABASE.
 */
const SHOWN = ['name', 'create_time', 'ntables', 'vgroups', 'replica', 'precision', 'duration', 'keep', 'buffer', 'pagesize', 'pages', 'minrows', 'maxrows', 'comp', 'cachemodel', 'cachesize', 'wal_level', 'wal_fsync_period', 'wal_retention_period', 'wal_retention_size', 'stt_trigger', 'single_stable', 'table_prefix', 'table_suffix', 'tsdb_pagesize', 'status'];

/**
 * The view-database panel (data-explorer.md §2 "view database"): the database's row of the system databases table,
 * with edit and delete for members holding the privileges.
 */
export function DatabasePanel(props: { instance: ExplorerInstance; db: string; privileges: string[]; databaseCount: number; onDropped: () => void; extra?: ReactNode }) {
  const { t } = useTranslation();
  const { instance, db } = props;
  const info = useDatabaseInfo(instance, db);
  const { drop } = useDatabaseMutations(instance);
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const canWrite = props.privileges.includes(Privilege.DB_WRITE);
  const canDrop = props.privileges.includes(Privilege.DB_DROP);

  const onDrop = async () => {
    setFailure(null);
    try {
      await drop.mutateAsync({ db, sql: dropDatabaseSql(db) });
      notifier.success(t('explorer.db.dropped'));
      props.onDropped();
    } catch (error) {
      setFailure(failureText(error));
    }
  };

  const row = info.data?.row;
  const options = info.data?.options as Record<string, unknown> | undefined;
  const shown = row ? SHOWN.filter((k) => k in row || (options && k in options)).map((k) => [k, k in row ? row[k] : options![k]] as const) : [];
  return (
    <Card
      title={`${t('explorer.db.view')}: ${db}`}
      extra={
        <Space wrap>
          {props.extra}
          {canWrite && row && <Button onClick={() => setEditing(true)} data-testid="db-edit">{t('explorer.action.edit')}</Button>}
          {canDrop && (
            <Popconfirm title={t('explorer.action.confirmDelete', { name: db })} okText={t('explorer.action.delete')} cancelText={t('explorer.action.cancel')} onConfirm={() => void onDrop()}>
              <Button danger loading={drop.isPending} data-testid="db-drop">{t('explorer.db.drop')}</Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      {info.isLoading && <Spin />}
      {info.error && <Alert type="error" showIcon title={t('explorer.loadFailed', { message: failureText(info.error) })} />}
      {row && (
        <Descriptions size="small" bordered column={2} data-testid="db-info">
          {shown.map(([k, v]) => (
            <Descriptions.Item key={k} label={k}>
              {k === 'create_time' ? formatDateTime(typeof v === 'number' ? v : Date.parse(String(v))) : String(v ?? '')}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      {editing && info.data && <DatabaseDialog instance={instance} editing={{ db, options: info.data.options }} databaseCount={props.databaseCount} onClose={() => setEditing(false)} />}
    </Card>
  );
}
