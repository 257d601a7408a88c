import { Form, Input, Select, Space, Switch } from 'antd';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Param, ParamValue } from '@tscloud/contracts';
import { edition } from '../../../config/edition';
import { FileInput } from './FileInput';
import { fieldKey, unitName, type FormValues } from './formValues';
import { TimeInput } from './TimeInput';

export interface ParamFieldProps {
  control: Control<FormValues>;
  param: Param;
  required: boolean;
  /** editable: false params are fixed once the task exists. */
  editing: boolean;
}

const textOf = (value: ParamValue | undefined) => (value === undefined || value === null ? '' : String(value));

/**
 * One param of a definition, drawn from its hint alone (no per-connector code): choices as a select, bool as a
 * switch, password masked, multiple as tags, timeout/duration with their unit, compose as its parts on one line,
 * time as a date-time picker or a relative text.
 * Integers and durations are text inputs so a wrong entry shows the §5 message rather than being swallowed.
 */
export function ParamField({ control, param, required, editing }: ParamFieldProps) {
  const { t } = useTranslation();
  const key = fieldKey(param.name);
  if (param.hint.type === 'compose') {
    return (
      <Form.Item label={param.display} required={required} extra={param.description}>
        <Space.Compact block>
          {(param.params ?? []).map((part) => (
            <ParamField key={part.name} control={control} param={part} required={!!part.required} editing={editing} />
          ))}
        </Space.Compact>
      </Form.Item>
    );
  }
  const disabled = editing && param.editable === false;
  return (
    <Controller
      control={control}
      name={key}
      render={({ field, fieldState }) => (
        <Form.Item
          label={param.display}
          htmlFor={`field-${param.name}`}
          required={required}
          extra={param.description ?? (param.hint.type === 'time' ? t('dataIn.form.timeHint', { zone: edition.timeZone }) : param.hint.type === 'file' ? t('dataIn.form.fileHint') : undefined)}
          validateStatus={fieldState.error ? 'error' : undefined}
          help={fieldState.error?.message}
        >
          {param.hint.type === 'bool' ? (
            <Switch id={`field-${param.name}`} checked={field.value === true || field.value === 'true'} onChange={(checked) => field.onChange(checked)} disabled={disabled} />
          ) : param.hint.choices ? (
            <Select
              id={`field-${param.name}`}
              mode={param.multiple ? 'multiple' : undefined}
              value={field.value ?? undefined}
              onChange={(value) => field.onChange(value)}
              options={param.hint.choices.map((c) => ({ value: c.value as string, label: c.label }))}
              placeholder={param.placeholder}
              disabled={disabled}
              allowClear={!required}
            />
          ) : param.hint.type === 'time' ? (
            <TimeInput id={`field-${param.name}`} value={field.value} onChange={field.onChange} onBlur={field.onBlur} disabled={disabled} placeholder={param.placeholder} />
          ) : param.hint.type === 'file' ? (
            <FileInput id={`field-${param.name}`} value={field.value} onChange={field.onChange} multiple={!!param.multiple} disabled={disabled} placeholder={param.placeholder} />
          ) : param.multiple ? (
            <Select id={`field-${param.name}`} mode="tags" value={Array.isArray(field.value) ? field.value : []} onChange={(value) => field.onChange(value)} placeholder={param.placeholder} disabled={disabled} open={false} />
          ) : param.hint.type === 'password' ? (
            <Input.Password id={`field-${param.name}`} value={textOf(field.value)} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} placeholder={param.placeholder} disabled={disabled} autoComplete="new-password" />
          ) : (
            <Space.Compact block>
              <Input id={`field-${param.name}`} value={textOf(field.value)} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} placeholder={param.placeholder} disabled={disabled} />
              {param.type_value && <UnitSelect control={control} param={param} disabled={disabled} />}
            </Space.Compact>
          )}
        </Form.Item>
      )}
    />
  );
}

/** A duration's or timeout's unit: a select when the param offers several, else the unit as text. */
function UnitSelect({ control, param, disabled }: { control: Control<FormValues>; param: Param; disabled: boolean }) {
  const { t } = useTranslation();
  const units = param.type_value!.units;
  if (units.length < 2) return <Space.Addon>{param.type_value!.unit}</Space.Addon>;
  return (
    <Controller
      control={control}
      name={fieldKey(unitName(param))}
      render={({ field }) => (
        <Select
          aria-label={t('dataIn.form.unit')}
          style={{ width: 96 }}
          value={(field.value as string | undefined) ?? param.type_value!.unit}
          onChange={(value) => field.onChange(value)}
          options={units.map((unit) => ({ value: unit, label: unit }))}
          disabled={disabled}
        />
      )}
    />
  );
}
