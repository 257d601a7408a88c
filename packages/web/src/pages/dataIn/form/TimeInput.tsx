import { useState } from 'react';
import { Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { resolveTimeValue, type ParamValue } from '@tscloud/contracts';
import { DateTimeInput } from '../../../components/form/DateTimeInput';

type TimeMode = 'absolute' | 'relative';

/** `-10d`, `-2h`: a time relative to the task's start (what the definitions' defaults use). */
const isRelative = (value: ParamValue | undefined) => typeof value === 'string' && value.trim().startsWith('-');

interface TimeInputProps {
  id: string;
  value: ParamValue | undefined;
  onChange: (value: ParamValue | undefined) => void;
  onBlur: () => void;
  disabled: boolean;
  placeholder?: string;
}

/**
 * A `time` param: a date-time picker in the display zone (the value is epoch ms), or a relative text such as `-10d`.
 * Saved ISO texts and epoch numbers open in the picker. Rules (valid time, §5 backfill order) stay in validateTask.
 */
export function TimeInput({ id, value, onChange, onBlur, disabled, placeholder }: TimeInputProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<TimeMode>(isRelative(value) ? 'relative' : 'absolute');
  const picked = mode === 'absolute' ? resolveTimeValue(value, Date.now()) : null;
  const switchTo = (next: TimeMode) => {
    setMode(next);
    // A relative time becomes the instant it stands for now; a picked one leaves the text to type.
    if (next === 'absolute') onChange(resolveTimeValue(value, Date.now()) ?? undefined);
    else onChange('');
  };
  return (
    <Space.Compact block>
      <Select
        aria-label={t('dataIn.form.timeMode')}
        style={{ width: 140 }}
        value={mode}
        onChange={switchTo}
        disabled={disabled}
        options={(['absolute', 'relative'] as const).map((m) => ({ value: m, label: t(`dataIn.form.timeMode.${m}`) }))}
      />
      {mode === 'absolute' ? (
        <DateTimeInput id={id} value={picked} onChange={(at) => onChange(at ?? undefined)} onBlur={onBlur} disabled={disabled} />
      ) : (
        <Input id={id} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} placeholder={placeholder ?? '-10d'} disabled={disabled} />
      )}
    </Space.Compact>
  );
}
