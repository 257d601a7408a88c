import { Button, Table, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActivityEntry, Page } from '@tscloud/contracts';
import { formatDateTime } from '../../config/format';
import { activityOperationLabel, activityTypeLabel } from './activityLabels';

/**
 * One page of the change log; paging is the server's. Types and operations by their names, the recorded text on hover.
 * With `onUser`, an originator is a link that keeps only that user's entries.
 */
export function ActivityTable(props: { page: Page<ActivityEntry> | undefined; loading: boolean; onPage: (current: number, size: number) => void; onUser?: (entry: ActivityEntry) => void }) {
  const { onUser } = props;
  const { t } = useTranslation();
  return (
    <Table<ActivityEntry>
      rowKey="id"
      size="middle"
      loading={props.loading}
      dataSource={props.page?.list ?? []}
      pagination={{ current: props.page?.current_page ?? 1, pageSize: props.page?.page_size ?? 10, total: props.page?.total ?? 0, showSizeChanger: true, onChange: props.onPage }}
      columns={[
        { key: 'type', title: t('activity.field.type'), dataIndex: 'type', render: (v: string) => activityTypeLabel(v) },
        { key: 'operation', title: t('activity.field.operation'), dataIndex: 'operation', render: (v: string) => <Tooltip title={v}>{activityOperationLabel(v)}</Tooltip> },
        { key: 'target', title: t('activity.field.target'), dataIndex: 'target', render: (v: string | null) => v ?? '—' },
        { key: 'requestTime', title: t('activity.field.requestTime'), dataIndex: 'requestTime', render: (v: number) => formatDateTime(v) },
        {
          key: 'originator',
          title: t('activity.field.originator'),
          render: (_, e) =>
            onUser && e.originatorId ? (
              <Tooltip title={t('activity.filter.onlyUserHint')}>
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onUser(e)}>
                  {e.originator}
                </Button>
              </Tooltip>
            ) : (
              e.originator
            ),
        },
        { key: 'requestIp', title: t('activity.field.requestIp'), dataIndex: 'requestIp' },
        { key: 'result', title: t('activity.field.result'), dataIndex: 'result', render: (r: ActivityEntry['result']) => <Tag color={r === 'SUCCESS' ? 'green' : 'red'}>{t(`activity.result.${r}`)}</Tag> },
      ]}
    />
  );
}
