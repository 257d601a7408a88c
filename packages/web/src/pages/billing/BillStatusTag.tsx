import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { BillStatus, type BillStatusValue } from '@tscloud/contracts';

const COLOR: Record<BillStatusValue, string> = { 1: 'processing', 2: 'processing', 3: 'success', 4: 'error', 5: 'default' };

/** §4's bill statuses: 1 and 2 both read "Issuing" (being made, the card being charged). */
export function BillStatusTag({ status }: { status: BillStatusValue }) {
  const { t } = useTranslation();
  const key = status === BillStatus.MAKING || status === BillStatus.CHARGING ? 'issuing' : status === BillStatus.SUCCEEDED ? 'succeeded' : status === BillStatus.FAILED ? 'failed' : 'notNeeded';
  return <Tag color={COLOR[status]}>{t(`billing.bills.status.${key}`)}</Tag>;
}
