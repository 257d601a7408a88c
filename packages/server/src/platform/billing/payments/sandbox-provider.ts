import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../store/database';
import { sandboxPaySessions, sandboxPayTokens, type SandboxBehaviour } from '../../../store/schema';
import type { CardDetails, PaymentEvent, PaymentProvider, ProviderPayment } from './provider';
import { WebhookRefused } from './provider';
import { behaviourOf, brandOf, luhnValid } from './test-cards';
import { signatureHeader, verifySignature } from './webhook-signature';

/** Where the sandbox's pages and tokenisation endpoint live (outside /api, as a processor's own host would be). */
export const SANDBOX_PREFIX = '/sandbox-pay';
/** The tokenisation endpoint the card dialog posts the card to. */
export const SANDBOX_TOKENS_PATH = `${SANDBOX_PREFIX}/v1/tokens`;

/** A signed webhook delivery: the body and its signature header, as sent to the server's webhook route. */
export interface WebhookDelivery {
  body: string;
  signature: string;
}

export interface SandboxDeps {
  db: Db;
  now: () => number;
  /** The console's public URL: the hosted page's address is under it. */
  publicUrl: string;
  secret: () => Promise<string>;
  /** Sends a signed delivery to the server's webhook route. */
  deliver: (delivery: WebhookDelivery) => Promise<void>;
}

export class CardRefused extends Error {
  constructor(readonly reason: 'invalid_number' | 'invalid_expiry' | 'invalid_cvc') {
    super(`card refused: ${reason}`);
  }
}

/** A customer's card as the provider's tokenisation endpoint receives it (never our API). */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The customer's acts on the hosted page. */
export type SessionAction = 'pay' | 'cancel' | 'authenticate' | 'fail-authentication';

const randomId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24)}`;

/**
 * The embedded sandbox processor (docs/billing.md "Sandbox provider"): tokens for test cards, checkout sessions with
 * a hosted page, off-session charges, and signed webhooks back to the server. It keeps what a processor would,
 * except the card number: a token remembers the test behaviour its number stands for, and the last four.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  /** Every delivery sent, newest last (tests replay them). */
  readonly deliveries: WebhookDelivery[] = [];

  readonly tokenizeUrl: string;

  constructor(private readonly deps: SandboxDeps) {
    this.tokenizeUrl = `${deps.publicUrl}${SANDBOX_TOKENS_PATH}`;
  }

  async tokenize(card: CardInput): Promise<{ token: string } & CardDetails> {
    const number = card.number.replace(/[\s-]/g, '');
    if (!luhnValid(number)) throw new CardRefused('invalid_number');
    const now = new Date(this.deps.now());
    const [year, month] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
    const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
    if (!(card.expMonth >= 1 && card.expMonth <= 12) || expYear < year || (expYear === year && card.expMonth < month)) throw new CardRefused('invalid_expiry');
    if (!/^\d{3,4}$/.test(card.cvc)) throw new CardRefused('invalid_cvc');
    const row = { token: randomId('tok'), behaviour: behaviourOf(number), brand: brandOf(number), last4: number.slice(-4), expMonth: card.expMonth, expYear, createdAt: this.deps.now() };
    await this.deps.db.insert(sandboxPayTokens).values(row);
    return { token: row.token, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
  }

  async card(token: string): Promise<CardDetails | null> {
    const [row] = await this.deps.db.select().from(sandboxPayTokens).where(eq(sandboxPayTokens.token, token));
    return row ? { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear } : null;
  }

  async checkout(payment: ProviderPayment): Promise<{ sessionId: string; payUrl: string }> {
    const sessionId = await this.openSession(payment);
    return { sessionId, payUrl: `${this.deps.publicUrl}${SANDBOX_PREFIX}/${sessionId}` };
  }

  async charge(payment: ProviderPayment & { token: string }): Promise<{ sessionId: string }> {
    const sessionId = await this.openSession(payment);
    const [tokenRow] = await this.deps.db.select().from(sandboxPayTokens).where(eq(sandboxPayTokens.token, payment.token));
    // Without the customer there is nobody to confirm: such a card fails off-session, as with real processors.
    const behaviour: SandboxBehaviour = tokenRow?.behaviour === 'confirm' ? 'confirm' : (tokenRow?.behaviour ?? 'card_declined');
    if (behaviour === 'confirm') await this.finish(sessionId, 'failed', 'authentication_required');
    else await this.settle(sessionId, behaviour);
    return { sessionId };
  }

  async session(sessionId: string) {
    const [row] = await this.deps.db.select().from(sandboxPaySessions).where(eq(sandboxPaySessions.id, sessionId));
    if (!row) return null;
    const card = row.token ? await this.card(row.token) : null;
    return { ...row, card };
  }

  /** What the customer did on the hosted page; `card` is a card typed there when none was on file. */
  async act(sessionId: string, action: SessionAction, card?: CardInput): Promise<void> {
    const session = await this.session(sessionId);
    if (!session) throw new Error('unknown session');
    if (action === 'cancel' && (session.status === 'open' || session.status === 'needs_confirmation')) return this.finish(sessionId, 'failed', 'cancelled', 'cancelled');
    if (action === 'pay' && session.status === 'open') {
      let token = session.token;
      if (card) {
        token = (await this.tokenize(card)).token;
        await this.deps.db.update(sandboxPaySessions).set({ token }).where(eq(sandboxPaySessions.id, sessionId));
      }
      if (!token) throw new CardRefused('invalid_number');
      const [tokenRow] = await this.deps.db.select().from(sandboxPayTokens).where(eq(sandboxPayTokens.token, token));
      return this.settle(sessionId, tokenRow.behaviour);
    }
    if (session.status === 'needs_confirmation' && action === 'authenticate') return this.finish(sessionId, 'succeeded', null);
    if (session.status === 'needs_confirmation' && action === 'fail-authentication') return this.finish(sessionId, 'failed', 'authentication_failed');
  }

  async verifyWebhook(rawBody: string, signature: string | undefined, now: number): Promise<PaymentEvent> {
    verifySignature(await this.deps.secret(), signature, rawBody, now);
    try {
      const event = JSON.parse(rawBody) as PaymentEvent;
      if (typeof event.id !== 'string' || typeof event.sessionId !== 'string' || typeof event.reference !== 'string') throw new Error('fields');
      if (!['payment.succeeded', 'payment.failed', 'payment.processing'].includes(event.type)) throw new Error('type');
      return { id: event.id, type: event.type, sessionId: event.sessionId, reference: event.reference, failureCode: event.failureCode ?? null };
    } catch {
      throw new WebhookRefused('malformed');
    }
  }

  private async openSession(payment: ProviderPayment): Promise<string> {
    const id = randomId('cs');
    await this.deps.db.insert(sandboxPaySessions).values({ id, reference: payment.reference, amountMicros: payment.amountMicros, currency: payment.currency, token: payment.token, status: 'open', createdAt: this.deps.now() });
    return id;
  }

  private async settle(sessionId: string, behaviour: SandboxBehaviour): Promise<void> {
    if (behaviour === 'succeed') return this.finish(sessionId, 'succeeded', null);
    if (behaviour === 'confirm') {
      await this.deps.db.update(sandboxPaySessions).set({ status: 'needs_confirmation' }).where(eq(sandboxPaySessions.id, sessionId));
      return this.notify(sessionId, 'payment.processing', null);
    }
    return this.finish(sessionId, 'failed', behaviour);
  }

  private async finish(sessionId: string, status: 'succeeded' | 'failed' | 'cancelled', failureCode: string | null, sessionStatus: 'succeeded' | 'failed' | 'cancelled' = status): Promise<void> {
    await this.deps.db.update(sandboxPaySessions).set({ status: sessionStatus }).where(eq(sandboxPaySessions.id, sessionId));
    await this.notify(sessionId, status === 'succeeded' ? 'payment.succeeded' : 'payment.failed', failureCode);
  }

  private async notify(sessionId: string, type: PaymentEvent['type'], failureCode: string | null): Promise<void> {
    const [session] = await this.deps.db.select().from(sandboxPaySessions).where(eq(sandboxPaySessions.id, sessionId));
    const event: PaymentEvent = { id: randomId('evt'), type, sessionId, reference: session.reference, failureCode };
    const body = JSON.stringify(event);
    const delivery = { body, signature: signatureHeader(await this.deps.secret(), this.deps.now(), body) };
    this.deliveries.push(delivery);
    await this.deps.deliver(delivery);
  }
}
