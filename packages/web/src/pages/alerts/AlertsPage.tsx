import { useState } from 'react';
import { Alert, Button, Card, Popconfirm, Segmented, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, MAX_RETRIES_439 } from '@tscloud/contracts';
import { useAlerts } from '../../data/alerts/list';
import type { AlertFilter } from '../../data/alerts/keys';
import { useMarkAlertsRead } from '../../data/alerts/markRead';
import { useDeleteAlerts } from '../../data/alerts/remove';
import { useSession } from '../../state/session';
import { useServiceBusy } from '../../state/serviceBusy';
import { AlertsTable } from './AlertsTable';

type Shown = 'all' | 'unread' | 'read';
const STATUS: Record<Shown, AlertFilter['status']> = { all: undefined, unread: 0, read: 1 };

/** /alert: the alerts (CPU, memory, disk), marked read or deleted in batches; the header bell follows. */
export default function AlertsPage() {
  const { t } = useTranslation();
  const orgId = useSession((s) => s.current.orgId);
  const [shown, setShown] = useState<Shown>('all');
  const [paging, setPaging] = useState({ current_page: 1, page_size: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<string[]>([]);
  const alerts = useAlerts(orgId, { ...paging, status: STATUS[shown] });
  const markRead = useMarkAlertsRead();
  const remove = useDeleteAlerts();
  const done = () => setSelected([]);
  // The console lands here when the server stayed busy (439) through every retry: say so (issue 14 item 14).
  const busy = useServiceBusy();

  return (
    <Card
      title={t('menu.messages')}
      extra={
        <Segmented<Shown>
          value={shown}
          onChange={(v) => {
            setShown(v);
            setPaging((p) => ({ ...p, current_page: 1 }));
            done();
          }}
          options={(['all', 'unread', 'read'] as const).map((v) => ({ value: v, label: t(`alerts.show.${v}`) }))}
        />
      }
    >
      {busy && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="service-busy"
          title={t('alerts.serviceBusy.title')}
          description={t('alerts.serviceBusy.text', { call: busy.call, attempts: MAX_RETRIES_439 + 1 })}
          action={<Button onClick={() => window.location.reload()}>{t('alerts.serviceBusy.reload')}</Button>}
        />
      )}
      <Space style={{ marginBottom: 16 }}>
        <Button disabled={selected.length === 0} loading={markRead.isPending} onClick={() => markRead.mutate({ ids: selected }, { onSuccess: done })}>
          {t('alerts.markRead', { count: selected.length })}
        </Button>
        <Popconfirm title={t('alerts.confirmDelete', { count: selected.length })} disabled={selected.length === 0} onConfirm={() => remove.mutate({ ids: selected }, { onSuccess: done })} okText={t('access.action.delete')} cancelText={t('common.cancel')}>
          <Button danger disabled={selected.length === 0} loading={remove.isPending}>
            {t('alerts.delete', { count: selected.length })}
          </Button>
        </Popconfirm>
      </Space>
      <AlertsTable page={alerts.data} loading={alerts.isFetching} selected={selected} onSelect={setSelected} onPage={(current_page, page_size) => setPaging({ current_page, page_size })} />
    </Card>
  );
}
