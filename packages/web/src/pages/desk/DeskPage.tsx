import { useState } from 'react';
import { Card, Input, Segmented, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ISSUE_PAGE_SIZE, type DeskListFilters } from '@tscloud/contracts';
import { useDeskIssues } from '../../data/desk/issues';
import { IssueTable } from '../support/IssueTable';
import { DeskGate } from './DeskGate';

type Queue = DeskListFilters['queue'];

/** /desk: the support desk's queue across organizations — unassigned (oldest first), mine, or every issue. */
export default function DeskPage() {
  return (
    <DeskGate>
      <DeskQueue />
    </DeskGate>
  );
}

function DeskQueue() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState<DeskListFilters>({ queue: 'unassigned', current_page: 1, page_size: ISSUE_PAGE_SIZE });
  const issues = useDeskIssues(query);
  return (
    <Card
      title={t('desk.title')}
      extra={
        <Space>
          <Input.Search allowClear placeholder={t('support.search')} aria-label={t('support.search')} onSearch={(title) => setQuery((q) => ({ ...q, title: title.trim() || undefined, current_page: 1 }))} />
          <Segmented<Queue>
            value={query.queue}
            onChange={(queue) => setQuery((q) => ({ ...q, queue, current_page: 1 }))}
            options={(['unassigned', 'mine', 'all'] as const).map((q) => ({ value: q, label: t(`desk.queue.${q}`) }))}
          />
        </Space>
      }
    >
      <IssueTable
        viewer="staff"
        page={issues.data}
        loading={issues.isFetching}
        current={query.current_page}
        pageSize={query.page_size}
        onPage={(current_page, page_size) => setQuery((q) => ({ ...q, current_page, page_size }))}
        onOpen={(issue) => void navigate(`/desk/issues/${issue.id}`)}
      />
    </Card>
  );
}
