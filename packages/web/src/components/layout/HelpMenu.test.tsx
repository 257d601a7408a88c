import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { resolveEdition } from '../../config/edition';
import { fillJsdomGaps } from '../../testing/screenHarness';
import { HelpMenu } from './HelpMenu';

/** Issue 14 item 10: the community contact of §1 shows in each edition: a chat group (China), a chat server (international). */
describe('help menu', () => {
  beforeAll(fillJsdomGaps);
  afterEach(async () => {
    cleanup();
    await changeLanguage('en');
  });

  it('the international edition leads to the configured chat server', async () => {
    render(<HelpMenu edition={resolveEdition('international', 'none', 'support@example.com', 'https://chat.example.com/invite')} />);
    fireEvent.click(screen.getByTestId('help-menu'));
    const link = await screen.findByTestId('community-contact');
    expect(link.textContent).toBe('Join our chat server');
    expect(link.getAttribute('href')).toBe('https://chat.example.com/invite');
    expect(screen.getByText('E-mail support: support@example.com')).toBeTruthy();
  });

  it('the China edition offers the chat group in Chinese, through support when no link is configured', async () => {
    await act(async () => changeLanguage('zh'));
    render(<HelpMenu edition={resolveEdition('china', 'none', 'help@example.cn')} />);
    fireEvent.click(screen.getByRole('button', { name: '帮助' }));
    const link = await screen.findByTestId('community-contact');
    expect(link.textContent).toBe('加入我们的交流群');
    expect(link.getAttribute('href')).toBe(`mailto:help@example.cn?subject=${encodeURIComponent('加入我们的交流群')}`);
  });
});
