import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { Form } from 'antd';
import { Controller, type Control, type ControllerRenderProps, type FieldValues, type Path } from 'react-hook-form';
import { translateMessage } from '../../i18n';

/**
 * A react-hook-form field in an antd Form.Item: the zod message key of an error is translated, so the form shows
 * the same rule text as the server.
 */
export function FormField<T extends FieldValues, N extends Path<T>>(props: {
  control: Control<T>;
  name: N;
  label?: ReactNode;
  required?: boolean;
  render: (field: ControllerRenderProps<T, N>) => ReactElement;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <Form.Item
          label={props.label}
          htmlFor={`field-${props.name}`}
          required={props.required}
          validateStatus={fieldState.error ? 'error' : undefined}
          help={fieldState.error ? translateMessage(fieldState.error.message) : undefined}
        >
          {/* The id ties the label to the control (accessibility, and tests find fields by label). */}
          {cloneElement(props.render(field), { id: `field-${props.name}` } as Record<string, unknown>)}
        </Form.Item>
      )}
    />
  );
}
