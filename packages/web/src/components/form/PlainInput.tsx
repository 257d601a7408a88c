import { forwardRef, useContext, useEffect, useRef, useState, type CSSProperties, type InputHTMLAttributes } from 'react';
import { ConfigProvider, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import './PlainInput.css';

/**
 * Text and password inputs in the look of antd's outlined Input, without its code (the Input and Password modules,
 * their style generator and the compact-space machinery: 12 kB gzip), for the sign-in route, which must load little
 * (docs/web.md "Delivery"). The look is antd's: size, border, hover and focus ring, error status, disabled, from the
 * theme tokens (PlainInput.css); the password field shows and hides its text with antd's eye icon, as Input.Password.
 */
export type PlainInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'type'> & { status?: 'error' };

/** The theme's values for PlainInput.css, by status (antd's input tokens, components/input/style/token). */
function useInputStyle(status: PlainInputProps['status'], style: CSSProperties | undefined): CSSProperties {
  const { token } = theme.useToken();
  const error = status === 'error';
  const paddingBlock = Math.max(Math.round(((token.controlHeight - token.fontSize * token.lineHeight) / 2) * 10) / 10 - token.lineWidth, 0);
  const outline = (color: string) => `0 0 0 ${token.controlOutlineWidth}px ${color}`;
  return {
    '--plain-input-padding': `${paddingBlock}px ${token.paddingSM - token.lineWidth}px`,
    '--plain-input-color': token.colorText,
    '--plain-input-font-family': token.fontFamily,
    '--plain-input-font-size': `${token.fontSize}px`,
    '--plain-input-line-height': token.lineHeight,
    '--plain-input-bg': token.colorBgContainer,
    '--plain-input-line-width': `${token.lineWidth}px`,
    '--plain-input-radius': `${token.borderRadius}px`,
    '--plain-input-duration': token.motionDurationMid,
    '--plain-input-duration-slow': token.motionDurationSlow,
    '--plain-input-border': error ? token.colorError : token.colorBorder,
    '--plain-input-hover-border': error ? token.colorErrorBorderHover : token.colorPrimaryHover,
    '--plain-input-active-border': error ? token.colorError : token.colorPrimary,
    '--plain-input-active-shadow': outline(error ? token.colorErrorOutline : token.controlOutline),
    '--plain-input-disabled-color': token.colorTextDisabled,
    '--plain-input-disabled-bg': token.colorBgContainerDisabled,
    '--plain-input-disabled-border': error ? token.colorError : token.colorBorderDisabled,
    '--plain-input-placeholder': token.colorTextPlaceholder,
    '--plain-input-affix-gap': `${token.paddingXXS}px`,
    '--plain-input-icon': token.colorIcon,
    '--plain-input-icon-hover': token.colorIconHover,
    ...style,
  } as CSSProperties;
}

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export const PlainTextInput = forwardRef<HTMLInputElement, PlainInputProps>(function PlainTextInput({ status, style, className, ...input }, ref) {
  const inputStyle = useInputStyle(status, style);
  return <input ref={ref} type="text" {...input} className={classes('plain-input', input.disabled && 'plain-input-disabled', className)} style={inputStyle} />;
});

export const PlainPasswordInput = forwardRef<HTMLInputElement, PlainInputProps>(function PlainPasswordInput({ status, style, className, ...input }, ref) {
  const wrapperStyle = useInputStyle(status, style);
  // antd's own words for it (Show / Hide), in the ConfigProvider's language.
  const words = { ...enUS.global, ...useContext(ConfigProvider.ConfigContext).locale?.global };
  const [visible, setVisible] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    // As antd: the typed password is not left in the element's value attribute once it is hidden again.
    if (!visible && inputRef.current?.hasAttribute('value')) inputRef.current.removeAttribute('value');
  }, [visible]);
  const toggle = () => {
    if (!input.disabled) setVisible(!visible);
  };
  const setRefs = (element: HTMLInputElement | null) => {
    inputRef.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };
  return (
    <span className={classes('plain-input', 'plain-input-affix', input.disabled && 'plain-input-disabled', className)} style={wrapperStyle}>
      <input ref={setRefs} {...input} type={visible ? 'text' : 'password'} />
      <span className="plain-input-suffix">
        <span
          role="button"
          tabIndex={input.disabled ? -1 : 0}
          className="plain-input-password-icon"
          aria-disabled={input.disabled}
          aria-pressed={visible}
          aria-label={visible ? words.hide : words.show}
          // Keeps the focus and the caret in the field, as antd does.
          onMouseDown={(event) => event.preventDefault()}
          onMouseUp={(event) => event.preventDefault()}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' && event.key !== ' ') return;
            event.preventDefault();
            if (!event.repeat) toggle();
          }}
          onClick={toggle}
        >
          {visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
        </span>
      </span>
    </span>
  );
});
