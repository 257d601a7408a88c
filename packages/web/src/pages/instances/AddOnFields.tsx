import { Checkbox, Form, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADDITIONAL_STORAGE, storageSupported, type InstanceAddOns, type PricePlan } from '@tscloud/contracts';
import { formatPrice } from '../../config/edition';
import { currentLanguage } from '../../i18n';

/**
 * The plan dialog's storage and connector choices (§5): additional storage in steps within the §6 bounds, never below
 * the instance's current value, and the connectors the chosen plan offers (those the instance has stay ticked).
 */
export function AddOnFields(props: { plan: PricePlan | undefined; current: InstanceAddOns; value: InstanceAddOns; onChange: (next: InstanceAddOns) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { stepGb, maxGb, pricePerGbHour } = ADDITIONAL_STORAGE;
  const storageOn = props.plan !== undefined && storageSupported(props.plan.level);
  const connectors = props.plan?.additionalConnector ?? [];
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Form.Item
        label={t('instances.addon.storage')}
        extra={storageOn ? t('instances.addon.storageHint', { step: stepGb, max: maxGb, price: formatPrice(pricePerGbHour, undefined, language) }) : t('instances.addon.storageUnavailable')}
        style={{ marginBottom: 0 }}
      >
        <InputNumber
          aria-label={t('instances.addon.storage')}
          data-testid="addon-storage"
          min={props.current.storageGb}
          max={maxGb}
          step={stepGb}
          precision={0}
          disabled={!storageOn}
          value={props.value.storageGb}
          onChange={(v) => props.onChange({ ...props.value, storageGb: typeof v === 'number' ? v : props.current.storageGb })}
        />
      </Form.Item>
      <Form.Item label={t('instances.addon.connectors')} style={{ marginBottom: 0 }}>
        <Checkbox.Group
          value={props.value.connectors}
          onChange={(names) => props.onChange({ ...props.value, connectors: [...(names as string[])].sort() })}
          options={connectors.map((c) => ({
            value: c.name,
            label: t('instances.addon.connectorPrice', { name: c.name, price: formatPrice(c.price, undefined, language) }),
            // Connectors are only added, and only those the plan offers.
            disabled: !c.support || props.current.connectors.includes(c.name),
          }))}
        />
      </Form.Item>
    </Space>
  );
}
