import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { Markdown, safeUrl } from './Markdown';

/** Issue 18 "Markdown": hostile text renders inert, in the thread and in the editor's preview alike (one component). */
describe('markdown of issues and comments', () => {
  afterEach(cleanup);
  const html = (text: string) => {
    const { container } = render(<Markdown text={text} />);
    return container;
  };

  it('renders the usual markdown', () => {
    const out = html('**bold** and `code`\n\n- one\n- two\n\n[docs](https://docs.example.com/x)');
    expect(out.querySelector('strong')?.textContent).toBe('bold');
    expect(out.querySelector('code')?.textContent).toBe('code');
    expect(out.querySelectorAll('li')).toHaveLength(2);
    const link = out.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://docs.example.com/x');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it.each([
    ['a script tag', '<script>window.pwned = true</script>'],
    ['an event handler', '<img src="x" onerror="window.pwned = true">'],
    ['an inline frame', '<iframe src="https://evil.example"></iframe>'],
    ['a style that hides the page', '<div style="position:fixed;inset:0">covered</div>'],
    ['an svg with a handler', '<svg onload="window.pwned = true"></svg>'],
  ])('shows %s as text, never as markup', (_, text) => {
    const out = html(text);
    expect(out.querySelector('script, img, iframe, svg, [style], [onerror], [onload]')).toBeNull();
    expect(out.textContent).toContain(text.slice(0, 5));
    expect((window as unknown as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it.each([
    ['javascript:', '[click](javascript:alert(document.cookie))'],
    ['JavaScript with spaces and case', '[click]( JaVaScRiPt:alert(1))'],
    ['data:', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['vbscript:', '[click](vbscript:msgbox(1))'],
    ['an autolink', '<javascript:alert(1)>'],
  ])('drops a %s link address', (_, text) => {
    const out = html(text);
    for (const link of out.querySelectorAll('a')) expect(link.getAttribute('href') ?? '').not.toMatch(/^\s*(javascript|data|vbscript):/i);
  });

  it('never loads an image: it becomes a link to its address (or its alt text when the address is unsafe)', () => {
    const out = html('![chart](https://tracker.example/pixel.png) ![bad](javascript:alert(1))');
    expect(out.querySelector('img')).toBeNull();
    const links = [...out.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://tracker.example/pixel.png']);
    expect(out.textContent).toContain('bad');
  });

  it('keeps only the web and mail addresses', () => {
    expect(safeUrl('https://a.example')).toBe('https://a.example');
    expect(safeUrl('mailto:ops@a.example')).toBe('mailto:ops@a.example');
    expect(safeUrl('/support/1')).toBe('/support/1');
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl('irc://chat.example')).toBe('');
  });
});
