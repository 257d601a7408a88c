import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberStatusValue } from '@tscloud/contracts';

const COLOR: Record<MemberStatusValue, string> = { ACTIVE: 'green', INVITED: 'blue', DISABLED: 'default' };

export function MemberStatusTag({ status }: { status: MemberStatusValue }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[status]}>{t(`access.memberStatus.${status}`)}</Tag>;
}
