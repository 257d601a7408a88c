import { useState } from 'react';
import { Button, Card, Input, Select, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ISSUE_PAGE_SIZE, Privilege, TICKET_STATES, type TicketListFilters, type TicketStateValue } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { useIssues } from '../../data/support/issues';
import { useIssueTypes } from '../../data/support/issueTypes';
import { useOrgContext } from '../org/useOrgContext';
import { IssueDialog } from './IssueDialog';
import { IssueTable } from './IssueTable';

/**
 * The organization's issues (§3 list state: page 1, 10 a page, a filter, the type list): filtered by state and type,
 * searched by title, each opening its detail. "New issue" opens the create dialog; once created, /support/issues shows
 * the list with it on top (§2).
 */
export function IssueList() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { orgId, canWrite } = useOrgContext();
  const types = useIssueTypes(i18n.language);
  const [filter, setFilter] = useState<TicketListFilters>({ current_page: 1, page_size: ISSUE_PAGE_SIZE });
  const [search, setSearch] = useState('');
  const issues = useIssues(orgId, filter);
  const refilter = (change: Partial<TicketListFilters>) => setFilter((f) => ({ ...f, ...change, current_page: 1 }));
  if (!orgId) return null;
  return (
    <Card
      title={t('support.title')}
      extra={
        <Button
          type="primary"
          data-testid="issue-new"
          disabled={!canWrite(Privilege.TICKET_MANAGE)}
          onClick={() => openDialog((close) => <IssueDialog orgId={orgId} onClose={close} onCreated={() => void navigate('/support/issues')} />)}
        >
          {t('support.new')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<TicketStateValue | ''>
          style={{ width: 220 }}
          aria-label={t('support.filter.state')}
          value={filter.state ?? ''}
          onChange={(state) => refilter({ state: state || undefined })}
          options={[{ value: '', label: `${t('support.filter.state')}: ${t('support.filter.all')}` }, ...TICKET_STATES.map((s) => ({ value: s, label: t(`support.state.${s}`) }))]}
        />
        <Select<number | 0>
          style={{ width: 220 }}
          aria-label={t('support.filter.type')}
          value={filter.type ?? 0}
          onChange={(type) => refilter({ type: type || undefined })}
          options={[{ value: 0, label: `${t('support.filter.type')}: ${t('support.filter.all')}` }, ...(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))]}
        />
        <Input.Search
          allowClear
          style={{ width: 260 }}
          placeholder={t('support.search')}
          aria-label={t('support.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(title) => refilter({ title: title.trim() || undefined })}
        />
      </Space>
      <IssueTable
        page={issues.data}
        loading={issues.isFetching}
        current={filter.current_page}
        pageSize={filter.page_size}
        onPage={(current_page, page_size) => setFilter((f) => ({ ...f, current_page, page_size }))}
        onOpen={(issue) => void navigate(`/support/${issue.id}`)}
      />
    </Card>
  );
}
