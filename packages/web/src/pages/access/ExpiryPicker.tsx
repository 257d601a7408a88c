import { useTranslation } from 'react-i18next';
import { notifier } from '../../components/feedback/notifier';
import { DateTimeInput } from '../../components/form/DateTimeInput';
import { acceptExpiry } from './grantRules';

/**
 * A grant's expiry: empty means never. A value earlier than now + the minimum lead is refused with the warning
 * 'expiration earlier than current' and the field clears (§5).
 */
export function ExpiryPicker({ value, onChange, id }: { value: number | null; onChange: (value: number | null) => void; id?: string }) {
  const { t } = useTranslation();
  return (
    <DateTimeInput
      id={id}
      futureOnly
      placeholder={t('access.grant.neverExpires')}
      value={value}
      onChange={(picked) => {
        const { value: kept, refused } = acceptExpiry(picked, Date.now());
        if (refused) notifier.warning(t('validation.expiration'));
        onChange(kept);
      }}
    />
  );
}
