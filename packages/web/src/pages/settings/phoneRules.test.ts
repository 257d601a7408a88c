import { describe, expect, it } from 'vitest';
import { phonePlan } from './phoneRules';

const stored = '+86 138 0000 0000';

describe('phone rules', () => {
  it('the new phone must differ from the old one', () => {
    expect(phonePlan({ phone: stored, verified: true }, { phone: '13800000000', country_code: '+86' })).toEqual({ refuse: 'error.phoneSame' });
  });
  it('an unverified current phone is verified first (and not changed)', () => {
    expect(phonePlan({ phone: stored, verified: false }, { phone: '138-0000-0000', country_code: '+86' })).toEqual({ steps: ['verify'] });
  });
  it('a different or first phone is verified, then changed', () => {
    expect(phonePlan({ phone: stored, verified: true }, { phone: '13900000000', country_code: '+86' })).toEqual({ steps: ['verify', 'change'] });
    expect(phonePlan({ phone: stored, verified: true }, { phone: '13800000000', country_code: '+852' })).toEqual({ steps: ['verify', 'change'] });
    expect(phonePlan({ phone: '', verified: false }, { phone: '13900000000', country_code: '+86' })).toEqual({ steps: ['verify', 'change'] });
  });
});
