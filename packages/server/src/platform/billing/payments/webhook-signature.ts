import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRefused } from './provider';

/** The header a signed delivery carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'sandbox-signature';

/** A delivery older or newer than this (against the receiver's clock) is refused: a captured one cannot be replayed later. */
export const REPLAY_WINDOW_MS = 5 * 60_000;

function mac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, now: number, body: string): string {
  const timestamp = Math.floor(now / 1000);
  return `t=${timestamp},v1=${mac(secret, timestamp, body)}`;
}

/** Checks a delivery's signature and age; throws WebhookRefused. */
export function verifySignature(secret: string, header: string | undefined, body: string, now: number): void {
  if (!header) throw new WebhookRefused('unsigned');
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1');
  if (!Number.isInteger(timestamp) || !given || !/^[0-9a-f]{64}$/.test(given)) throw new WebhookRefused('unsigned');
  const expected = Buffer.from(mac(secret, timestamp, body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) throw new WebhookRefused('bad-signature');
  if (Math.abs(now - timestamp * 1000) > REPLAY_WINDOW_MS) throw new WebhookRefused('outside-window');
}
