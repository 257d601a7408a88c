import { Collapse } from 'antd';
import { useTranslation } from 'react-i18next';
import { BillingRequestsSection } from './BillingRequestsSection';

/**
 * Invoices and refunds on the billing setting page, folded: its amounts and lists are asked for when it is opened
 * (antd renders a panel's content on first opening), not with every visit of the page.
 */
export function BillingRequestsPanel({ money }: { money: (value: number) => string }) {
  const { t } = useTranslation();
  return <Collapse items={[{ key: 'requests', label: t('billingRequests.title'), children: <BillingRequestsSection money={money} /> }]} />;
}
