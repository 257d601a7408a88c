/** A card as the customer typed it in the card dialog: it goes to the payment provider only, never to our API. */
export interface CardEntry {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What the provider answers for a card it accepted: its token and the fields our API keeps (docs/billing.md "Payments"). */
export interface CardToken {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Why the provider refused a card (HTTP 402 `{ error }`), or 'unavailable' when it could not be reached. */
export type CardRefusal = 'invalid_number' | 'invalid_expiry' | 'invalid_cvc' | 'unavailable';

export class CardRefusedError extends Error {
  constructor(readonly reason: CardRefusal) {
    super(`card refused: ${reason}`);
  }
}

const REFUSALS: readonly CardRefusal[] = ['invalid_number', 'invalid_expiry', 'invalid_cvc'];

/**
 * POST {tokenize_url}: the provider's tokenisation endpoint, as a processor's own script would call it. Not through
 * the app's request layer: no session, CSRF token or organization header goes to the provider, and its answers are
 * its own (no envelope).
 */
export async function tokenizeCard(tokenizeUrl: string, card: CardEntry): Promise<CardToken> {
  let answer: Response;
  try {
    answer = await fetch(tokenizeUrl, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ number: card.number.replace(/[\s-]/g, ''), exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc }),
    });
  } catch {
    throw new CardRefusedError('unavailable');
  }
  if (answer.ok) return (await answer.json()) as CardToken;
  const body = (await answer.json().catch(() => null)) as { error?: string } | null;
  throw new CardRefusedError(REFUSALS.find((r) => r === body?.error) ?? 'unavailable');
}
