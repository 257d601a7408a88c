import { useState } from 'react';
import { Button, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrgMember, OrgUserListQuery } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { useMemberAction, type MemberAction } from '../../data/access/memberAction';
import { useOrgUsers } from '../../data/user/orgUsers';
import { GrantDialog } from './GrantDialog';
import { GrantsTable } from './GrantsTable';
import { MemberGroupsDialog } from './MemberGroupsDialog';
import { MemberStatusTag } from './MemberStatusTag';
import { canReceiveGrants, memberActionsFor } from './memberActions';
import { MissingRoleTag, RoleRefTags, lacksLiveRole } from './RoleRefTags';
import { ResendInvitationButton } from './ResendInvitationButton';

const PAGE_SIZE = 10;
type StatusFilter = NonNullable<OrgUserListQuery['status']>;

/**
 * Organization users with status, groups and roles; a row expands to the member's grants. The list is GET
 * /api/user: paged, searched by e-mail and filtered by status on the server. A member's groups are changed with
 * PUT /api/user/{userId} (needs user:update and group:manage).
 */
export function MembersTable({ orgId, canUpdate, canDelete, canGrant, canManageGroups }: { orgId: string; canUpdate: boolean; canDelete: boolean; canGrant: boolean; canManageGroups: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<StatusFilter | undefined>(undefined);
  const members = useOrgUsers(orgId, { current_page: page, page_size: PAGE_SIZE, email, ...(status ? { status } : {}) });
  const act = useMemberAction(orgId);
  const target = (m: OrgMember) => (m.userId ? { userId: m.userId } : { memberId: m.memberId });
  const run = (action: MemberAction, m: OrgMember) => act.mutate({ action, target: target(m) });

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search
          aria-label={t('access.member.search')}
          placeholder={t('access.member.search')}
          allowClear
          style={{ width: 260 }}
          onSearch={(value) => {
            setEmail(value.trim());
            setPage(1);
          }}
        />
        <Select<StatusFilter>
          aria-label={t('common.status')}
          placeholder={t('common.status')}
          allowClear
          style={{ width: 160 }}
          value={status}
          onChange={(value) => {
            setStatus(value ?? undefined);
            setPage(1);
          }}
          options={(['ACTIVE', 'DISABLED', 'INVITED'] as const).map((s) => ({ value: s, label: t(`access.memberStatus.${s}`) }))}
        />
      </Space>
      <Table<OrgMember>
        rowKey="memberId"
        loading={members.isLoading}
        dataSource={members.data?.list ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: members.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true, showSizeChanger: false }}
        expandable={{
          rowExpandable: (m) => m.userId !== null,
          expandedRowRender: (m) => <GrantsTable orgId={orgId} filter={{ userId: m.userId! }} writable={canGrant} />,
        }}
        columns={[
          { title: t('access.field.email'), dataIndex: 'email', render: (email: string, m) => (m.isOwner ? <Space>{email}<Tag color="blue">{t('org.owner')}</Tag></Space> : email) },
          { title: t('access.field.name'), render: (_, m) => `${m.firstName} ${m.lastName}`.trim() || '—' },
          { title: t('common.status'), dataIndex: 'status', render: (s: OrgMember['status']) => <MemberStatusTag status={s} /> },
          { title: t('access.field.groups'), render: (_, m) => m.groups.map((g) => <Tag key={g.id}>{g.name}</Tag>) },
          {
            title: t('access.field.roles'),
            render: (_, m) => (
              <>
                <RoleRefTags roles={m.roles} />
                {lacksLiveRole(m, Date.now()) && <MissingRoleTag />}
              </>
            ),
          },
          {
            title: t('access.field.actions'),
            render: (_, m) => (
              <Space size={0} wrap>
                {canReceiveGrants(m) && (
                  <Button type="link" size="small" disabled={!canGrant} onClick={() => openDialog((close) => <GrantDialog orgId={orgId} target={{ kind: 'user', userId: m.userId!, label: m.email }} onClose={close} />)}>
                    {t('access.grant.open')}
                  </Button>
                )}
                {m.userId !== null && !m.isOwner && (
                  <Button type="link" size="small" disabled={!canUpdate || !canManageGroups} onClick={() => openDialog((close) => <MemberGroupsDialog orgId={orgId} member={m as OrgMember & { userId: string }} onClose={close} />)}>
                    {t('access.member.editGroups')}
                  </Button>
                )}
                <ResendInvitationButton member={m} />
                {memberActionsFor(m).map((action) =>
                  action === 'delete' ? (
                    <Popconfirm key={action} title={t(m.status === 'INVITED' ? 'access.member.confirmWithdraw' : 'access.member.confirmDelete', { email: m.email })} onConfirm={() => run(action, m)} okText={t('access.action.delete')} cancelText={t('common.cancel')}>
                      <Button type="link" size="small" danger disabled={!canDelete}>{t('access.action.delete')}</Button>
                    </Popconfirm>
                  ) : (
                    <Button key={action} type="link" size="small" disabled={!canUpdate} onClick={() => run(action, m)}>
                      {t(`access.action.${action}`)}
                    </Button>
                  ),
                )}
              </Space>
            ),
          },
        ]}
      />
    </Space>
  );
}
