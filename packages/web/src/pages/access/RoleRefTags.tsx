import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberRoleRef } from '@tscloud/contracts';
import { shownGrantStatus } from './grantActions';

/** A member's roles in the list: expired ones struck through, those held through a group marked as such. */
export function RoleRefTags({ roles }: { roles: MemberRoleRef[] }) {
  const { t } = useTranslation();
  const now = Date.now();
  return roles.map((r) => {
    const status = shownGrantStatus(r, now);
    const label = `${r.name} · ${t(`access.level.${r.resType as 'ORG'}`)}`;
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
