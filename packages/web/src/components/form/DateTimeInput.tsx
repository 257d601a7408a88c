import { DatePicker } from 'antd';
import { DATE_TIME_FORMAT, compareWithToday, fromPickerDay, toPickerDay } from '../../config/format';

export interface DateTimeInputProps {
  id?: string;
  /** Epoch milliseconds, or null for none. */
  value: number | null;
  onChange: (value: number | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
  placeholder?: string;
  /** Days before today cannot be picked (expiries, end times). */
  futureOnly?: boolean;
}

/**
 * A date and time in the console's display zone and format (config/format.ts), held as epoch milliseconds: the one
 * picker of every screen that asks for a moment.
 */
export function DateTimeInput({ id, value, onChange, onBlur, disabled, placeholder, futureOnly }: DateTimeInputProps) {
  return (
    <DatePicker
      id={id}
      showTime
      showNow={false}
      format={DATE_TIME_FORMAT}
      style={{ width: '100%' }}
      placeholder={placeholder}
      value={value === null ? null : toPickerDay(value)}
      disabledDate={futureOnly ? (day) => compareWithToday(day, Date.now()) < 0 : undefined}
      onChange={(day) => onChange(day ? fromPickerDay(day) : null)}
      onBlur={onBlur}
      disabled={disabled}
    />
  );
}
