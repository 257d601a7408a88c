import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeskTicketSummary, TicketPage, TicketSummary } from '@tscloud/contracts';
import { formatDateTime } from '../../config/format';
import { StateTag } from './StateTag';

/** One page of issues (the server pages them); a title opens the issue. The desk adds the organization. */
export function IssueTable<T extends TicketSummary>(props: {
  page: TicketPage<T> | undefined;
  loading: boolean;
  current: number;
  pageSize: number;
  onPage: (current: number, size: number) => void;
  onOpen: (issue: T) => void;
  viewer?: 'customer' | 'staff';
}) {
  const { t } = useTranslation();
  const staff = props.viewer === 'staff';
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      loading={props.loading}
      dataSource={props.page?.content ?? []}
      locale={{ emptyText: t('support.empty') }}
      pagination={{ current: props.current, pageSize: props.pageSize, total: props.page?.total ?? 0, onChange: props.onPage }}
      columns={[
        { key: 'number', title: t('support.column.number'), dataIndex: 'number', width: 90, render: (n: number) => `#${n}` },
        {
          key: 'title',
          title: t('support.column.title'),
          render: (_, issue) => (
            <a
              href="#"
              data-testid={`issue-${issue.number}`}
              onClick={(e) => {
                e.preventDefault();
                props.onOpen(issue);
              }}
            >
              {issue.title}
            </a>
          ),
        },
        ...(staff ? [{ key: 'org', title: t('support.column.organization'), render: (_: unknown, issue: T) => (issue as unknown as DeskTicketSummary).org_name }] : []),
        { key: 'type', title: t('support.column.type'), dataIndex: 'type_name' },
        { key: 'state', title: t('support.column.state'), render: (_, issue) => <StateTag state={issue.state} viewer={props.viewer} /> },
        { key: 'assignee', title: t('support.column.assignee'), render: (_, issue) => issue.assignee?.name ?? '—' },
        { key: 'updated', title: t('support.column.updated'), dataIndex: 'update_time', render: (v: number) => formatDateTime(v) },
      ]}
    />
  );
}
