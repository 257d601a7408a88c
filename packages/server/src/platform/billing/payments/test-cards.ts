import type { SandboxBehaviour } from '../../../store/schema';

/**
 * The sandbox's well-known test cards (docs/billing.md "Test cards"), the numbers real processors' test modes use.
 * Any other number passing the Luhn check succeeds; one failing it is refused at tokenisation.
 */
export const TEST_CARDS: ReadonlyArray<{ number: string; behaviour: SandboxBehaviour; what: string }> = [
  { number: '4242424242424242', behaviour: 'succeed', what: 'Visa, pays' },
  { number: '5555555555554444', behaviour: 'succeed', what: 'Mastercard, pays' },
  { number: '4000000000000002', behaviour: 'card_declined', what: 'declined' },
  { number: '4000000000009995', behaviour: 'insufficient_funds', what: 'declined for insufficient funds' },
  { number: '4000002500003155', behaviour: 'confirm', what: 'needs the customer to confirm (3-D Secure) on the hosted page' },
];

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'card';
}

/** What a tokenised card does when charged; the number itself is forgotten once this is known. */
export function behaviourOf(number: string): SandboxBehaviour {
  return TEST_CARDS.find((card) => card.number === number)?.behaviour ?? 'succeed';
}
