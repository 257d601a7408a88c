import { describe, expect, it } from 'vitest';
import { phoneChangeProblem } from './phoneRules';

const old = { phone: '138 0000 0000', country_code: '+86' };

describe('phone change rules', () => {
  it('the new phone must differ from the old one', () => {
    expect(phoneChangeProblem(old, { phone: '13800000000', country_code: '+86' }, old)).toBe('error.phoneSame');
  });
  it('an unverified number must be verified first', () => {
    const next = { phone: '13900000000', country_code: '+86' };
    expect(phoneChangeProblem(old, next, null)).toBe('error.phoneNotVerified');
    expect(phoneChangeProblem(old, next, { phone: '13900000001', country_code: '+86' })).toBe('error.phoneNotVerified');
    expect(phoneChangeProblem(old, next, { phone: '139-0000-0000', country_code: '+86' })).toBeNull();
  });
  it('a first phone only needs verifying', () => {
    const next = { phone: '13900000000', country_code: '+86' };
    expect(phoneChangeProblem({ phone: '', country_code: '' }, next, next)).toBeNull();
  });
});
