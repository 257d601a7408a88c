import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GrantStatusValue } from '@tscloud/contracts';

const COLOR: Record<GrantStatusValue, string> = { ACTIVE: 'green', DISABLED: 'default', EXPIRED: 'red' };

export function GrantStatusTag({ status }: { status: GrantStatusValue }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[status]}>{t(`access.status.${status}`)}</Tag>;
}
