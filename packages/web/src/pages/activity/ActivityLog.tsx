import { useMemo, useState } from 'react';
import { Button, Card, Input, Select, Space, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@tscloud/contracts';
import { useActivity, type ActivitySource } from '../../data/activity/list';
import { useActivityTypes } from '../../data/activity/types';
import { useExportActivity } from '../../data/activity/exportCsv';
import { useSession } from '../../state/session';
import { ActivityTable } from './ActivityTable';
import { activityTypeLabel } from './activityLabels';
import { TimeRangeFilter, resolveRange, type RangeChoice } from './TimeRangeFilter';

/**
 * The change log of the organization (GET /api/activity) or of its instances (GET /api/instances/logs), optionally
 * of one: filtered by time, type and user on the server, paged there, and exported as CSV under the same filters.
 */
export function ActivityLog({ source, title, instanceId }: { source: ActivitySource; title: string; instanceId?: string }) {
  const { t } = useTranslation();
  const orgId = useSession((s) => s.current.orgId);
  const [range, setRange] = useState<RangeChoice>({ quick: 'day' });
  const [type, setType] = useState<string | undefined>();
  const [originator, setOriginator] = useState('');
  const [user, setUser] = useState<{ id: string; email: string } | null>(null);
  const [paging, setPaging] = useState({ current_page: 1, page_size: DEFAULT_PAGE_SIZE });
  // Quick ranges are taken at the moment they are chosen, so the query key stays stable between renders.
  const { from, to } = useMemo(() => resolveRange(range, Date.now()), [range]);
  const filters = { from, to, ...(instanceId ? { instanceId } : {}), ...(type ? { type } : {}), ...(originator ? { originator } : {}), ...(user ? { userId: user.id } : {}) };
  const activity = useActivity(orgId, source, { ...paging, ...filters });
  const types = useActivityTypes(orgId, source);
  const exportCsv = useExportActivity(source);
  /** A changed filter shows its first page. */
  const firstPage = () => setPaging((p) => ({ ...p, current_page: 1 }));
  return (
    <Card
      title={title}
      extra={
        <Button icon={<DownloadOutlined />} loading={exportCsv.isPending} onClick={() => exportCsv.mutate(filters)}>
          {t('activity.export')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <TimeRangeFilter
          value={range}
          onChange={(r) => {
            setRange(r);
            firstPage();
          }}
        />
        <Select<string>
          allowClear
          style={{ minWidth: 160 }}
          placeholder={t('activity.filter.type')}
          aria-label={t('activity.field.type')}
          value={type}
          options={(types.data ?? []).map((v) => ({ value: v, label: activityTypeLabel(v) }))}
          onChange={(v) => {
            setType(v);
            firstPage();
          }}
        />
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={t('activity.filter.user')}
          aria-label={t('activity.filter.user')}
          onSearch={(v) => {
            setOriginator(v.trim());
            firstPage();
          }}
        />
        {user && (
          <Tag
            closable
            onClose={() => {
              setUser(null);
              firstPage();
            }}
          >
            {t('activity.filter.onlyUser', { email: user.email })}
          </Tag>
        )}
      </Space>
      <ActivityTable
        page={activity.data}
        loading={activity.isFetching}
        onPage={(current_page, page_size) => setPaging({ current_page, page_size })}
        onUser={(e) => {
          setUser({ id: e.originatorId, email: e.originator });
          firstPage();
        }}
      />
    </Card>
  );
}
