import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { InstanceAccessSource, InstanceAccessStatus, InstanceGrantView } from '@tscloud/contracts';
import { formatDateTime } from '../../config/format';
import { GrantStatusTag } from '../access/GrantStatusTag';
import { accessOrigins } from './accessOrigins';
import { privilegeLabel } from '../../components/access/accessLabels';

/** Columns both instance tables show: where access comes from, the privileges held, status and expiry. */
export function sharedColumns<T extends { source: InstanceAccessSource; grants: InstanceGrantView[]; groups?: string[]; privileges: string[]; status: InstanceAccessStatus; expiration: number | null }>(t: TFunction) {
  return [
    {
      key: 'source',
      title: t('instanceAccess.col.source'),
      render: (_: unknown, r: T) =>
        accessOrigins(r).map((o) =>
          o.kind === 'GROUP' ? (
            <Tag key={`g:${o.group}`} color="purple">{t('instanceAccess.source.viaGroup', { name: o.group })}</Tag>
          ) : (
            <Tag key={o.kind}>{t(`instanceAccess.source.${o.kind}`)}</Tag>
          ),
        ),
    },
    {
      key: 'privileges',
      title: t('instanceAccess.col.privileges'),
      render: (_: unknown, r: T) => {
        const shown = r.privileges.filter((p) => p.startsWith('db:') || p.startsWith('stable:') || p.startsWith('view:'));
        // Names to read, the codes on hover.
        return shown.length ? <span title={shown.join(', ')}>{shown.map(privilegeLabel).join(', ')}</span> : '—';
      },
    },
    { key: 'status', title: t('instanceAccess.col.status'), render: (_: unknown, r: T) => <GrantStatusTag status={r.status} /> },
    { key: 'expiration', title: t('instanceAccess.col.expiration'), render: (_: unknown, r: T) => (r.expiration === null ? t('instanceAccess.never') : formatDateTime(r.expiration)) },
  ];
}
