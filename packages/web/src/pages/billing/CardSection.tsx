import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Spin, Table, Tag } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, Privilege, type PaymentMethodInfo } from '@tscloud/contracts';
import { openDialog } from '../../components/dialogs/dialogManager';
import { useCardPage, usePaymentMethod } from '../../data/billing/paymentMethod';
import { useOrgContext } from '../org/useOrgContext';
import { CardDialog } from './CardDialog';

/** "Visa **** **** **** 4242". */
const cardName = (card: PaymentMethodInfo) => `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ${card.cardNumber}`;
/** The expiry as a card prints it: MM/YYYY. */
export const cardExpiry = (card: PaymentMethodInfo) => `${String(card.cardExpMonth).padStart(2, '0')}/${card.cardExpYear}`;

/**
 * The card on file (GET /billing/PaymentMethod/info: brand, last four, expiry, owner and address) with the card
 * dialog to add one (billing:payment:create) or update it (billing:payment:update), and the organization's cards
 * (GET /billing/payment/card/page), default first.
 */
export function CardSection() {
  const { t } = useTranslation();
  const { orgId, canWrite } = useOrgContext();
  const card = usePaymentMethod(orgId);
  const [paging, setPaging] = useState({ current_page: 1, page_size: DEFAULT_PAGE_SIZE });
  const cards = useCardPage(orgId, paging);
  const onFile = card.data ?? null;
  const canChange = onFile ? canWrite(Privilege.BILLING_PAYMENT_UPDATE) : canWrite(Privilege.BILLING_PAYMENT_CREATE);
  const address = onFile ? [onFile.addressLine, onFile.city, onFile.state, onFile.postalCode].filter(Boolean).join(', ') : '';
  return (
    <Card
      type="inner"
      title={t('billing.card.section')}
      extra={
        canChange && (
          <Button icon={<CreditCardOutlined />} onClick={() => openDialog((close) => <CardDialog card={onFile} onClose={close} />)}>
            {t(onFile ? 'billing.card.update' : 'billing.card.add')}
          </Button>
        )
      }
    >
      {card.isLoading ? (
        <Spin />
      ) : onFile ? (
        <Descriptions
          column={{ xs: 1, md: 2 }}
          data-testid="card-on-file"
          items={[
            { key: 'card', label: t('billing.card.card'), children: cardName(onFile) },
            { key: 'expiry', label: t('billing.card.expiry'), children: cardExpiry(onFile) },
            { key: 'owner', label: t('billing.card.owner'), children: onFile.cardOwnerName },
            { key: 'address', label: t('billing.card.address'), children: address || '—' },
          ]}
        />
      ) : (
        <Empty data-testid="no-card" description={t('billing.noCardOnFile')} />
      )}
      {(cards.data?.total ?? 0) > 1 && (
        <Table<PaymentMethodInfo>
          rowKey="id"
          size="small"
          style={{ marginTop: 16 }}
          loading={cards.isFetching}
          dataSource={cards.data?.list ?? []}
          pagination={{ current: cards.data?.current_page ?? 1, pageSize: cards.data?.page_size ?? DEFAULT_PAGE_SIZE, total: cards.data?.total ?? 0, onChange: (current_page, page_size) => setPaging({ current_page, page_size }) }}
          columns={[
            { key: 'card', title: t('billing.card.card'), render: (_, c) => cardName(c) },
            { key: 'expiry', title: t('billing.card.expiry'), render: (_, c) => cardExpiry(c) },
            { key: 'owner', title: t('billing.card.owner'), dataIndex: 'cardOwnerName' },
            { key: 'default', title: '', render: (_, c) => c.isDefault && <Tag color="blue">{t('billing.card.default')}</Tag> },
          ]}
        />
      )}
    </Card>
  );
}
