import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Popconfirm, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Privilege } from '@tscloud/contracts';
import { notifier } from '../../../components/feedback/notifier';
import { useDatabaseInfo, useDatabaseMutations } from '../../../data/explorer/databases';
import { failureText } from '../../../data/sql/run';
import { dropDatabaseSql } from '../../../explorer-sql';
import type { ExplorerInstance } from '../context';
import { DatabaseDialog } from './DatabaseDialog';
import { DatabaseFacts } from './DatabaseFacts';

/**
 * The view-database panel (data-explorer.md §2 "view database"): the database's name in full, its actions (edit and
 * delete for members holding the privileges, `extra` from the detail area) wrapping beside or below it, then its
 * facts in people's words (DatabaseFacts).
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
  return (
    <Card>
      {/* The name is never cut (issue 13): it wraps on its own line and the actions wrap beside or below it. */}
      <Flex wrap gap="small" justify="space-between" align="flex-start" style={{ marginBottom: 16 }}>
        <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Typography.Text type="secondary">{t('explorer.db.info.heading')}</Typography.Text>
          <Typography.Title level={4} style={{ margin: 0, overflowWrap: 'anywhere' }} data-testid="db-title">
            {db}
          </Typography.Title>
        </div>
        <Space wrap>
          {props.extra}
          {canWrite && row && <Button onClick={() => setEditing(true)} data-testid="db-edit">{t('explorer.action.edit')}</Button>}
          {canDrop && (
            <Popconfirm title={t('explorer.action.confirmDelete', { name: db })} okText={t('explorer.action.delete')} cancelText={t('explorer.action.cancel')} onConfirm={() => void onDrop()}>
              <Button danger loading={drop.isPending} data-testid="db-drop">{t('explorer.db.drop')}</Button>
            </Popconfirm>
          )}
        </Space>
      </Flex>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      {info.isLoading && <Spin />}
      {info.error && <Alert type="error" showIcon title={t('explorer.loadFailed', { message: failureText(info.error) })} />}
      {row && info.data && <DatabaseFacts instance={instance} db={db} row={row} options={info.data.options} />}
      {editing && info.data && <DatabaseDialog instance={instance} editing={{ db, options: info.data.options }} databaseCount={props.databaseCount} onClose={() => setEditing(false)} />}
    </Card>
  );
}
