import dayjs from 'dayjs';
import { DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../../config/format';

export interface DayRange {
  start_day?: string;
  end_day?: string;
}

/**
 * A range of whole days (YYYY-MM-DD). The billing calls take days of the edition's zone as text, so the picker's
 * wall-clock days are sent as they read, with no conversion between zones.
 */
export function DayRangeFilter({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  const { t } = useTranslation();
  return (
    <DatePicker.RangePicker
      aria-label={t('billing.filter.days')}
      allowEmpty={[true, true]}
      value={[value.start_day ? dayjs(value.start_day) : null, value.end_day ? dayjs(value.end_day) : null]}
      onChange={(picked) => onChange({ start_day: picked?.[0]?.format(DATE_FORMAT), end_day: picked?.[1]?.format(DATE_FORMAT) })}
    />
  );
}
