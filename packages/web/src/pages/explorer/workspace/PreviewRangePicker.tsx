import { DatePicker, Segmented, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { fromPickerDay, toPickerDay } from '../../../config/format';
import { PREVIEW_PRESETS, type PreviewPreset, type PreviewRange } from './tabs';

/** The preview's time range: the last 15 min … 7 days, or two instants picked in the edition's zone. */
export function PreviewRangePicker({ value, onChange }: { value: PreviewRange; onChange: (range: PreviewRange) => void }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <Segmented<PreviewPreset | 'custom'>
        aria-label={t('explorer.workspace.preview.range')}
        value={'preset' in value ? value.preset : 'custom'}
        options={[
          ...PREVIEW_PRESETS.map((p) => ({ value: p, label: t(`explorer.workspace.preview.${p}`) })),
          { value: 'custom' as const, label: t('explorer.workspace.preview.custom'), disabled: true },
        ]}
        onChange={(p) => p !== 'custom' && onChange({ preset: p })}
      />
      <DatePicker.RangePicker
        showTime={{ showNow: false }}
        aria-label={t('explorer.workspace.preview.custom')}
        value={'from' in value ? [toPickerDay(value.from), toPickerDay(value.to)] : null}
        onChange={(picked) => picked?.[0] && picked[1] && onChange({ from: fromPickerDay(picked[0]), to: fromPickerDay(picked[1]) })}
      />
    </Space>
  );
}
