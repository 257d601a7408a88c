import type { MessageKey } from '@tscloud/contracts';

/**
 * Changing the phone (§5): the new number must differ from the old one, and it must be verified with its code
 * before it is saved. Numbers are compared without spaces and separators.
 */
export interface PhoneNumber {
  phone: string;
  country_code: string;
}

export function samePhone(a: PhoneNumber, b: PhoneNumber): boolean {
  const digits = (p: PhoneNumber) => `${p.country_code.replace(/\D/g, '')}:${p.phone.replace(/\D/g, '')}`;
  return digits(a) === digits(b);
}

/** Why the phone cannot be saved yet, or null. `verified` is the number whose code was verified (if any). */
export function phoneChangeProblem(current: PhoneNumber, next: PhoneNumber, verified: PhoneNumber | null): MessageKey | null {
  if (current.phone && samePhone(current, next)) return 'error.phoneSame';
  if (!verified || !samePhone(verified, next)) return 'error.phoneNotVerified';
  return null;
}
