import { Button, Popconfirm, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrgMember } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { useMemberAction, type MemberAction } from '../../data/access/memberAction';
import { useMembers } from '../../data/access/members';
import { GrantDialog } from './GrantDialog';
import { GrantsTable } from './GrantsTable';
import { MemberStatusTag } from './MemberStatusTag';
import { canReceiveGrants, memberActionsFor } from './memberActions';
import { RoleRefTags } from './RoleRefTags';
import { ResendInvitationButton } from './ResendInvitationButton';

/** Organization users with status, groups and roles; a row expands to the member's grants. */
export function MembersTable({ orgId, canUpdate, canDelete, canGrant }: { orgId: string; canUpdate: boolean; canDelete: boolean; canGrant: boolean }) {
  const { t } = useTranslation();
  const members = useMembers(orgId);
  const act = useMemberAction(orgId);
  const target = (m: OrgMember) => (m.userId ? { userId: m.userId } : { memberId: m.memberId });
  const run = (action: MemberAction, m: OrgMember) => act.mutate({ action, target: target(m) });

  return (
    <Table<OrgMember>
      rowKey="memberId"
      loading={members.isLoading}
      dataSource={members.data ?? []}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      expandable={{
        rowExpandable: (m) => m.userId !== null,
        expandedRowRender: (m) => <GrantsTable orgId={orgId} filter={{ userId: m.userId! }} writable={canGrant} />,
      }}
      columns={[
        { title: t('access.field.email'), dataIndex: 'email', render: (email: string, m) => (m.isOwner ? <Space>{email}<Tag color="blue">{t('org.owner')}</Tag></Space> : email) },
        { title: t('access.field.name'), render: (_, m) => `${m.firstName} ${m.lastName}`.trim() || '—' },
        { title: t('common.status'), dataIndex: 'status', render: (s: OrgMember['status']) => <MemberStatusTag status={s} /> },
        { title: t('access.field.groups'), render: (_, m) => m.groups.map((g) => <Tag key={g.id}>{g.name}</Tag>) },
        { title: t('access.field.roles'), render: (_, m) => <RoleRefTags roles={m.roles} /> },
        {
          title: t('access.field.actions'),
          render: (_, m) => (
            <Space size={0} wrap>
              {canReceiveGrants(m) && (
                <Button type="link" size="small" disabled={!canGrant} onClick={() => openDialog((close) => <GrantDialog orgId={orgId} target={{ kind: 'user', userId: m.userId!, label: m.email }} onClose={close} />)}>
                  {t('access.grant.open')}
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
  );
}
