import { fromMicros } from '../money';
import type { CardDetails } from './provider';
import type { SandboxSessionStatus } from '../../../store/schema';

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text placed in the page's HTML (amounts, card brand, a refusal notice). */
const escapeHtml = (text: string) => Array.from(text, (c) => HTML_ENTITIES[c] ?? c).join('');

export interface PageSession {
  id: string;
  amountMicros: number;
  currency: string;
  status: SandboxSessionStatus;
  card: CardDetails | null;
}

/**
 * The sandbox's hosted payment page: plain HTML forms (no script, within the console's CSP) posting the customer's
 * act back to the sandbox. With a card on file it offers that card; otherwise it asks for one, as a processor's
 * checkout page does (the number goes to the sandbox, which keeps only a token).
 */
export function sandboxPage(session: PageSession, notice = ''): string {
  const action = `/sandbox-pay/${encodeURIComponent(session.id)}`;
  const amount = `${fromMicros(session.amountMicros).toFixed(2)} ${escapeHtml(session.currency)}`;
  const button = (value: string, label: string) => `<button name="action" value="${value}">${label}</button>`;
  let body: string;
  if (session.status === 'open') {
    const cardPart = session.card
      ? `<p>Card: ${escapeHtml(session.card.brand)} •••• ${escapeHtml(session.card.last4)}</p>`
      : `<p><label>Card number <input name="number" autocomplete="cc-number" required></label></p>
<p><label>Expiry month <input name="exp_month" size="2" required></label> <label>year <input name="exp_year" size="4" required></label></p>
<p><label>CVC <input name="cvc" size="4" autocomplete="cc-csc" required></label></p>`;
    body = `<form method="post" action="${action}">${cardPart}${button('pay', 'Pay')}</form>
<form method="post" action="${action}">${button('cancel', 'Cancel')}</form>`;
  } else if (session.status === 'needs_confirmation') {
    body = `<p>Your bank asks you to confirm this payment.</p>
<form method="post" action="${action}">${button('authenticate', 'Complete authentication')} ${button('fail-authentication', 'Fail authentication')}</form>`;
  } else {
    const said = { succeeded: 'Payment succeeded. You can close this window and confirm in the console.', failed: 'Payment failed.', cancelled: 'Payment cancelled.' } as const;
    body = `<p id="outcome">${said[session.status]}</p>`;
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sandbox payment</title></head>
<body><h1>Sandbox payment</h1><p>Test mode: no real money moves.</p><p>Amount: ${amount}</p>${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ''}${body}</body></html>`;
}
