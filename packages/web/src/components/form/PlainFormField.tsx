import { cloneElement, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { theme } from 'antd';
import { Controller, type Control, type ControllerRenderProps, type FieldValues, type Path } from 'react-hook-form';
import { translateMessage } from '../../i18n';

/**
 * FormField without antd's Form (its rc-field-form, async-validator and Form styles are 36 kB gzip): for the sign-in
 * route, which must load little (docs/web.md "Delivery"). The same look as a vertical antd Form.Item (label with the
 * required mark, the control in error status, the translated zod message under it) and the same accessibility (the
 * label names the control, the message describes it and is announced). Use it inside a plain
 * `<form noValidate onSubmit={handleSubmit(…)}>`: Enter submits, as with antd's Form.
 */
export function PlainFormField<T extends FieldValues, N extends Path<T>>(props: {
  control: Control<T>;
  name: N;
  label?: ReactNode;
  required?: boolean;
  /** The control has no error status of its own (a Checkbox): only the message shows the error. */
  statusless?: boolean;
  render: (field: ControllerRenderProps<T, N>) => ReactElement;
}) {
  const { token } = theme.useToken();
  const id = `field-${props.name}`;
  const helpId = `${id}-help`;
  const label: CSSProperties = { color: token.colorTextHeading, fontSize: token.fontSize, lineHeight: token.lineHeight };
  const mark: CSSProperties = { display: 'inline-block', marginInlineEnd: token.marginXXS, color: token.colorError, fontFamily: 'SimSun, sans-serif', lineHeight: 1 };
  const help: CSSProperties = { minHeight: token.marginLG, color: token.colorError, fontSize: token.fontSize, lineHeight: token.lineHeight };
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => {
        const error = fieldState.error ? translateMessage(fieldState.error.message) : null;
        const rendered = props.render(field);
        const control = cloneElement(rendered, {
          id,
          // Full width as in antd's vertical Form.Item (a Select alone is as wide as its value).
          ...(props.statusless ? {} : { style: { width: '100%', ...(rendered.props as { style?: CSSProperties }).style } }),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? helpId : undefined,
          ...(props.statusless ? {} : { status: error ? 'error' : undefined }),
        } as Record<string, unknown>);
        return (
          // Spaced as antd's Form.Item: 24 px under the control, taken by the message when there is one.
          <div data-field={props.name} style={{ marginBottom: error ? 0 : token.marginLG }}>
            {props.label && (
              <div style={{ paddingBottom: token.paddingXS }}>
                {/* The mark stays out of the label, so the label's text is the field's name (antd draws it in CSS). */}
                {props.required && (
                  <span aria-hidden style={mark}>
                    *
                  </span>
                )}
                <label htmlFor={id} style={label}>
                  {props.label}
                </label>
              </div>
            )}
            {control}
            {error && (
              <div id={helpId} role="alert" style={help}>
                {error}
              </div>
            )}
          </div>
        );
      }}
    />
  );
}
