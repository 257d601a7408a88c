import type { ClipboardEvent } from 'react';
import { unmaskCopiedText } from './snippets';

/**
 * Puts text on the clipboard: the Clipboard API where the page may use it (HTTPS or localhost), else the older
 * copy command on a hidden text area (a console reached over plain HTTP on a network address). False when neither
 * worked.
 */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // refused (no permission, page not focused): try the copy command
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } finally {
    area.remove();
  }
}

/** onCopy of a masked token or snippet: the clipboard gets the selection with the real token (unmaskCopiedText). */
export function copyWithRealToken(event: ClipboardEvent, token: string): void {
  const selected = window.getSelection()?.toString() ?? '';
  if (!selected) return;
  event.clipboardData.setData('text/plain', unmaskCopiedText(selected, token));
  event.preventDefault();
}
