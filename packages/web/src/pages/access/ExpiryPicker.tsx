import { DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../components/feedback/notifier';
import { DATE_TIME_FORMAT, compareWithToday, fromPickerDay, toPickerDay } from '../../config/format';
import { acceptExpiry } from './grantRules';

/**
 * A grant's expiry: empty means never. A value earlier than now + the minimum lead is refused with the warning
 * 'expiration earlier than current' and the field clears (§5).
 */
export function ExpiryPicker({ value, onChange, id }: { value: number | null; onChange: (value: number | null) => void; id?: string }) {
  const { t } = useTranslation();
  return (
    <DatePicker
      id={id}
      showTime
      showNow={false}
      format={DATE_TIME_FORMAT}
      style={{ width: '100%' }}
      placeholder={t('access.grant.neverExpires')}
      value={value === null ? null : toPickerDay(value)}
      disabledDate={(day) => compareWithToday(day, Date.now()) < 0}
      onChange={(day) => {
        const { value: kept, refused } = acceptExpiry(day ? fromPickerDay(day) : null, Date.now());
        if (refused) notifier.warning(t('validation.expiration'));
        onChange(kept);
      }}
    />
  );
}
