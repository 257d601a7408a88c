import { DatePicker, Segmented, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { toPickerDay } from '../../config/format';
import { QUICK_RANGES, dayRange, isFutureDay, quickRange, type QuickRange, type TimeRange } from './timeRange';

export type RangeChoice = { quick: QuickRange } | { custom: TimeRange };

/** Quick ranges ending now, or a day range from the picker (future days refused). */
export function TimeRangeFilter({ value, onChange }: { value: RangeChoice; onChange: (choice: RangeChoice) => void }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Segmented<QuickRange | 'custom'>
        value={'quick' in value ? value.quick : 'custom'}
        options={[...QUICK_RANGES.map((r) => ({ value: r, label: t(`activity.range.${r}`) })), { value: 'custom' as const, label: t('activity.range.custom'), disabled: true }]}
        onChange={(r) => r !== 'custom' && onChange({ quick: r })}
      />
      <DatePicker.RangePicker
        value={'custom' in value ? [toPickerDay(value.custom.from), toPickerDay(value.custom.to)] : null}
        disabledDate={(day) => isFutureDay(day, Date.now())}
        onChange={(days) => (days?.[0] && days[1] ? onChange({ custom: dayRange(days[0], days[1], Date.now()) }) : onChange({ quick: 'day' }))}
      />
    </Space>
  );
}

/** The range a choice means now (quick ranges move with the clock). */
export function resolveRange(choice: RangeChoice, now: number): TimeRange {
  return 'quick' in choice ? quickRange(choice.quick, now) : choice.custom;
}
