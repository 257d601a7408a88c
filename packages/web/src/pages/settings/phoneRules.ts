import type { MessageKey } from '@tscloud/contracts';

/**
 * The phone rules of §5: a new phone must differ from the old one and must be verified with its code before it
 * is saved; an unverified current phone is verified by its code (nothing is changed). The user's phone is stored
 * as '+86 138…', the form sends the dialing code and the number apart: both are compared by their digits.
 */
export interface PhoneNumber {
  phone: string;
  /** The dialing code ('+86'); empty when `phone` already carries it. */
  country_code: string;
}

export function samePhone(a: PhoneNumber, b: PhoneNumber): boolean {
  const digits = (p: PhoneNumber) => `${p.country_code}${p.phone}`.replace(/\D/g, '');
  return digits(a) === digits(b);
}

/**
 * What submitting the code does, in order: a new phone is verified and then changed to (never changed unverified);
 * an unverified current phone is only verified; the verified current phone is refused (it must differ).
 */
export type PhoneStep = 'verify' | 'change';
export type PhonePlan = { steps: PhoneStep[] } | { refuse: MessageKey };

export function phonePlan(current: { phone: string; verified: boolean }, next: PhoneNumber): PhonePlan {
  if (current.phone && samePhone({ phone: current.phone, country_code: '' }, next)) {
    return current.verified ? { refuse: 'error.phoneSame' } : { steps: ['verify'] };
  }
  return { steps: ['verify', 'change'] };
}
