import { Tag, Tooltip } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MemberRoleRef, OrgMember } from '@tscloud/contracts';
import { shownGrantStatus } from './grantActions';
import { roleLabel } from '../../components/access/accessLabels';

/** A member's roles in the list: expired ones struck through, those held through a group marked as such. */
export function RoleRefTags({ roles }: { roles: MemberRoleRef[] }) {
  const { t } = useTranslation();
  const now = Date.now();
  return roles.map((r) => {
    const status = shownGrantStatus(r, now);
    const label = `${roleLabel(r.name)} · ${t(`access.level.${r.resType as 'ORG'}`)}`;
    const tag = (
      <Tag key={r.grantId} color={r.via === 'GROUP' ? 'purple' : undefined} style={status === 'EXPIRED' ? { textDecoration: 'line-through' } : undefined}>
        {label}
      </Tag>
    );
    return r.via === 'GROUP' ? (
      <Tooltip key={r.grantId} title={t('access.grant.managedViaGroup')}>
        {tag}
      </Tooltip>
    ) : (
      tag
    );
  });
}

/**
 * Whether a member holds no live role (none active and unexpired, directly or through a group): the server then
 * refuses them everything in the organization, so the owner's list marks them. The owner needs none.
 */
export function lacksLiveRole(member: Pick<OrgMember, 'isOwner' | 'roles' | 'status'>, now: number): boolean {
  if (member.isOwner || member.status === 'DISABLED') return false;
  return !member.roles.some((r) => shownGrantStatus(r, now) === 'ACTIVE');
}

/** The list's marker of a member without a live role. */
export function MissingRoleTag() {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('access.member.noRoleHint')}>
      <Tag color="warning" icon={<WarningOutlined />} data-testid="missing-role">
        {t('access.member.noRole')}
      </Tag>
    </Tooltip>
  );
}
