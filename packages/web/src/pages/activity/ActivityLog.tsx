import { useMemo, useState } from 'react';
import { Card } from 'antd';
import { DEFAULT_PAGE_SIZE } from '@tscloud/contracts';
import { useActivity, type ActivitySource } from '../../data/activity/list';
import { useSession } from '../../state/session';
import { ActivityTable } from './ActivityTable';
import { TimeRangeFilter, resolveRange, type RangeChoice } from './TimeRangeFilter';

/** The change log of the organization (GET /api/activity) or of its instances (GET /api/instances/logs), optionally of one. */
export function ActivityLog({ source, title, instanceId }: { source: ActivitySource; title: string; instanceId?: string }) {
  const orgId = useSession((s) => s.current.orgId);
  const [range, setRange] = useState<RangeChoice>({ quick: 'day' });
  const [paging, setPaging] = useState({ current_page: 1, page_size: DEFAULT_PAGE_SIZE });
  // Quick ranges are taken at the moment they are chosen, so the query key stays stable between renders.
  const { from, to } = useMemo(() => resolveRange(range, Date.now()), [range]);
  const activity = useActivity(orgId, source, { ...paging, from, to, ...(instanceId ? { instanceId } : {}) });
  return (
    <Card
      title={title}
      extra={
        <TimeRangeFilter
          value={range}
          onChange={(r) => {
            setRange(r);
            setPaging((p) => ({ ...p, current_page: 1 }));
          }}
        />
      }
    >
      <ActivityTable page={activity.data} loading={activity.isFetching} onPage={(current_page, page_size) => setPaging({ current_page, page_size })} />
    </Card>
  );
}
