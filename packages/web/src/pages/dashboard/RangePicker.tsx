import { DatePicker, Segmented, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { pickedDays, toPickerDay } from '../../config/format';
import { QUICK_RANGES, isFutureDay, type QuickRange, type RangeChoice } from './range';

/** Quick ranges ending now, or picked days of the edition's zone (future days refused). */
export function RangePicker({ value, onChange }: { value: RangeChoice; onChange: (choice: RangeChoice) => void }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Segmented<QuickRange | 'custom'>
        value={'quick' in value ? value.quick : 'custom'}
        options={[...QUICK_RANGES.map((r) => ({ value: r, label: t(`dashboard.range.${r}`) })), { value: 'custom' as const, label: t('dashboard.range.custom'), disabled: true }]}
        onChange={(r) => r !== 'custom' && onChange({ quick: r })}
      />
      <DatePicker.RangePicker
        aria-label={t('dashboard.range.custom')}
        value={'days' in value ? [toPickerDay(value.days[0]), toPickerDay(value.days[1])] : null}
        disabledDate={(day) => isFutureDay(day, Date.now())}
        onChange={(days) => onChange(days?.[0] && days[1] ? { days: pickedDays(days[0], days[1]) } : { quick: 'hour' })}
      />
    </Space>
  );
}
