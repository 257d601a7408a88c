import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActivityEntry, Page } from '@tscloud/contracts';
import { formatDateTime } from '../../config/format';

/** One page of the change log; paging is the server's. */
export function ActivityTable(props: { page: Page<ActivityEntry> | undefined; loading: boolean; onPage: (current: number, size: number) => void }) {
  const { t } = useTranslation();
  return (
    <Table<ActivityEntry>
      rowKey="id"
      size="middle"
      loading={props.loading}
      dataSource={props.page?.list ?? []}
      pagination={{ current: props.page?.current_page ?? 1, pageSize: props.page?.page_size ?? 10, total: props.page?.total ?? 0, showSizeChanger: true, onChange: props.onPage }}
      columns={[
        { title: t('activity.field.type'), dataIndex: 'type' },
        { title: t('activity.field.operation'), dataIndex: 'operation' },
        { title: t('activity.field.requestTime'), dataIndex: 'requestTime', render: (v: number) => formatDateTime(v) },
        { title: t('activity.field.originator'), dataIndex: 'originator' },
        { title: t('activity.field.requestIp'), dataIndex: 'requestIp' },
        { title: t('activity.field.result'), dataIndex: 'result', render: (r: ActivityEntry['result']) => <Tag color={r === 'SUCCESS' ? 'green' : 'red'}>{t(`activity.result.${r}`)}</Tag> },
      ]}
    />
  );
}
