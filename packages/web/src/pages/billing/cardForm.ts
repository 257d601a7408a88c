import { z } from 'zod';
import { paymentMethodCreateSchema } from '@tscloud/contracts';

/**
 * The card dialog's form (§3 request form: card number, expiry, CVC, owner, address). The card fields go to the
 * payment provider only; the owner and address are our API's own rule (contracts' schema), checked here before
 * anything is sent. When a card is on file the card fields may stay empty: then only its owner and address change.
 */
const ownerSchema = paymentMethodCreateSchema.omit({ token: true, isDefault: true }).required();

export const cardFormDefaults = { number: '', expMonth: '', expYear: '', cvc: '', cardOwnerName: '', addressLine: '', city: '', state: '', postalCode: '' };
export type CardForm = typeof cardFormDefaults;

const CARD_DIGITS = /^\d{12,19}$/;
const digitsOf = (number: string) => number.replace(/[\s-]/g, '');

/** Whether the customer typed any of the card's own fields (a new card to tokenise). */
export const entersCard = (form: CardForm) => [form.number, form.expMonth, form.expYear, form.cvc].some((v) => v.trim() !== '');

export function cardFormSchema(cardOnFile: boolean, now: Date = new Date()) {
  return z
    .object({ number: z.string(), expMonth: z.string(), expYear: z.string(), cvc: z.string(), ...ownerSchema.shape })
    .superRefine((form, ctx) => {
      if (cardOnFile && !entersCard(form as CardForm)) return;
      const issue = (path: keyof CardForm, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (!CARD_DIGITS.test(digitsOf(form.number))) issue('number', 'billing.card.rule.number');
      const month = Number(form.expMonth);
      const year = Number(form.expYear);
      if (!/^\d{1,2}$/.test(form.expMonth.trim()) || month < 1 || month > 12) issue('expMonth', 'billing.card.rule.month');
      if (!/^\d{4}$/.test(form.expYear.trim())) issue('expYear', 'billing.card.rule.year');
      else if (year < now.getFullYear() || (year === now.getFullYear() && month >= 1 && month < now.getMonth() + 1)) issue('expYear', 'billing.card.rule.expired');
      if (!/^\d{3,4}$/.test(form.cvc.trim())) issue('cvc', 'billing.card.rule.cvc');
    });
}

/** The card fields as the provider's tokenisation endpoint takes them. */
export const cardEntryOf = (form: CardForm) => ({ number: digitsOf(form.number), expMonth: Number(form.expMonth), expYear: Number(form.expYear), cvc: form.cvc.trim() });
