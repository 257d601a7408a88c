import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { ConfigProvider, theme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { PlainPasswordInput, PlainTextInput } from './PlainInput';

/**
 * The sign-in route's plain inputs in antd Input's look: the theme's colours by status, the password's show/hide
 * icon (named in antd's language, by mouse and keyboard), and the field's ref and props on the input element.
 */
afterEach(cleanup);

const tokens = theme.getDesignToken();
const variable = (element: HTMLElement, name: string) => element.style.getPropertyValue(name);

describe('plain text input', () => {
  it('is an input in the theme look, the error status in the error colours', () => {
    const ref = createRef<HTMLInputElement>();
    const { rerender } = render(<PlainTextInput ref={ref} id="mail" aria-label="Mail" defaultValue="a@b.c" />);
    const input = screen.getByRole('textbox', { name: 'Mail' });
    expect(ref.current).toBe(input);
    expect(input.className).toBe('plain-input');
    expect(variable(input, '--plain-input-border')).toBe(tokens.colorBorder);
    expect(variable(input, '--plain-input-padding')).toBe('4px 11px');
    rerender(<PlainTextInput ref={ref} id="mail" aria-label="Mail" status="error" />);
    expect(variable(input, '--plain-input-border')).toBe(tokens.colorError);
    expect(variable(input, '--plain-input-active-border')).toBe(tokens.colorError);
  });

  it('takes the theme colour of the ConfigProvider around it for hover and focus', () => {
    render(
      <ConfigProvider theme={{ token: { colorPrimary: '#4259ce' } }}>
        <PlainTextInput aria-label="Mail" />
      </ConfigProvider>,
    );
    expect(variable(screen.getByRole('textbox', { name: 'Mail' }), '--plain-input-active-border')).toBe('#4259ce');
  });
});

describe('plain password input', () => {
  it('hides the password until the eye icon shows it, and hides it again', () => {
    const ref = createRef<HTMLInputElement>();
    render(<PlainPasswordInput ref={ref} id="pw" aria-label="Password" defaultValue="Secret.42" />);
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(ref.current).toBe(input);
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(input.type).toBe('text');
    const hide = screen.getByRole('button', { name: 'Hide' });
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(hide, { key: 'Enter' });
    expect(input.type).toBe('password');
  });

  it('names the icon in the language of antd, and does nothing while disabled', () => {
    render(
      <ConfigProvider locale={zhCN}>
        <PlainPasswordInput aria-label="Password" disabled />
      </ConfigProvider>,
    );
    const show = screen.getByRole('button', { name: '显示' });
    fireEvent.click(show);
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('password');
    expect(show.closest('.plain-input')?.className).toContain('plain-input-disabled');
  });
});
