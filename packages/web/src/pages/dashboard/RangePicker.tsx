import { DatePicker, Segmented, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { QUICK_RANGES, isFutureDay, type QuickRange, type RangeChoice } from './range';

/** Quick ranges ending now, or picked days (future days refused). */
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
        value={'days' in value ? [dayjs(value.days[0]), dayjs(value.days[1])] : null}
        disabledDate={(day) => isFutureDay(day.toDate(), Date.now())}
        onChange={(days) => onChange(days?.[0] && days[1] ? { days: [days[0].toDate(), days[1].toDate()] } : { quick: 'hour' })}
      />
    </Space>
  );
}
