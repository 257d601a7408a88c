import type { BillingCurrency } from '@tscloud/contracts';

/**
 * What billing needs from a payment processor (docs/billing.md "Payments"). The sandbox (sandbox-provider.ts) is the
 * embedded default; a real processor is another implementation of this interface. Outcomes arrive by webhook only:
 * a return from the hosted page or an answer to a charge is never taken as proof of payment.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Where the browser sends a card to be tokenised (the card dialog), as a processor's own JS would. */
  readonly tokenizeUrl: string;
  /** The display fields of a card the provider tokenised, or null for a token it does not know. */
  card(token: string): Promise<CardDetails | null>;
  /** A checkout session: its hosted page, opened by the web app in a new window, where the customer pays or cancels. */
  checkout(payment: ProviderPayment): Promise<{ sessionId: string; payUrl: string }>;
  /** Charges the card on file without the customer (a retry); the outcome comes by webhook. */
  charge(payment: ProviderPayment & { token: string }): Promise<{ sessionId: string }>;
  /** The event of a webhook delivery, or WebhookRefused when it is unsigned, badly signed or outside the replay window. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined, now: number): Promise<PaymentEvent>;
}

export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface ProviderPayment {
  /** Our payment id, echoed in the events. */
  reference: string;
  amountMicros: number;
  currency: BillingCurrency;
  /** The card on file, offered on the hosted page; null: the customer enters one there. */
  token: string | null;
}

/** A processor's notice about a session: paid, failed (with the processor's reason) or awaiting the customer's confirmation. */
export interface PaymentEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed' | 'payment.processing';
  sessionId: string;
  reference: string;
  failureCode: string | null;
}

export type WebhookRefusal = 'unsigned' | 'bad-signature' | 'outside-window' | 'malformed';

export class WebhookRefused extends Error {
  constructor(readonly reason: WebhookRefusal) {
    super(`webhook refused: ${reason}`);
  }
}
