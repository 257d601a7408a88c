import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  isExpirationAcceptable,
  isValidIpAddress,
  isValidPassword,
  isValidResourceName,
  orgNameSchema,
  passwordPairSchema,
  phoneSchema,
  signupSchema,
  completeAccountSchema,
  translate,
  verificationCodeSchema,
  couponCodeSchema,
  accessCodeSchema,
  normalizeCode,
  satisfies,
  ROLE_EXPIRATION_MIN_LEAD_MS,
  type MessageKey,
} from '../src';
import { z } from 'zod';

/** Any schema, classic or mini (validation/signin.ts). */
function messageOf(schema: z.core.$ZodType, value: unknown): string | null {
  const result = z.safeParse(schema, value);
  if (result.success) return null;
  return translate(result.error.issues[0].message as MessageKey, 'en');
}

describe('e-mail (platform-shell §5)', () => {
  it.each(['alice@example.com', 'a.b-c_d+e@mail.example.co', 'x1@a-b.io'])('accepts %s', (v) => {
    expect(messageOf(emailSchema, v)).toBeNull();
  });
  it.each(['Alice@example.com', 'a..b@example.com', '.a@example.com', 'a@b', 'a@-b.com', 'a b@example.com', ''])(
    'rejects %s with the spec message',
    (v) => {
      expect(messageOf(emailSchema, v)).toBe('Please enter a valid email address');
    },
  );
});

describe('password (platform-shell §5)', () => {
  it.each(['abcd123!', 'A1.b2_c3~', 'Passw0rd^&*', 'a1#aaaaaaaaaaaaaaaaa'])('accepts %s', (v) => {
    expect(isValidPassword(v)).toBe(true);
  });
  it.each([
    ['short', 'a1!'],
    ['too long', 'a1!aaaaaaaaaaaaaaaaaa'],
    ['no digit', 'abcdefg!'],
    ['no letter', '1234567!'],
    ['no special', 'abcd1234'],
    ['illegal character', 'abcd123!%'],
    ['comma without the comma variant', 'abcd123,'],
  ])('rejects %s', (_label, v) => {
    expect(isValidPassword(v)).toBe(false);
  });
  it('accepts a comma in the comma variant', () => {
    expect(isValidPassword('abcd123,', { allowComma: true })).toBe(true);
  });
  it('gives the spec messages for format and mismatch', () => {
    expect(messageOf(passwordPairSchema, { password: 'abc', confirmPassword: 'abc' })).toBe('Wrong password format');
    expect(messageOf(passwordPairSchema, { password: 'abcd123!', confirmPassword: 'abcd123?' })).toBe(
      'The two passwords do not match',
    );
  });
});

describe('verification code and phone', () => {
  it('needs exactly 6 digits', () => {
    expect(messageOf(verificationCodeSchema, '123456')).toBeNull();
    expect(messageOf(verificationCodeSchema, '12345')).toBe('The verification code must be 6 digits');
    expect(messageOf(verificationCodeSchema, '12345a')).not.toBeNull();
  });
  it.each(['+86 138 0013 8000', '(010) 1234-5678', '123,456;789'])('accepts phone %s', (v) => {
    expect(messageOf(phoneSchema, v)).toBeNull();
  });
  it.each(['abc', '+86 138#', '++--'])('rejects phone %s', (v) => {
    expect(messageOf(phoneSchema, v)).toBe('Malformed phone number');
  });
});

describe('organization name', () => {
  it.each(['Acme', '研发部', 'Acme-Labs', 'R_D', '中文-Team'])('accepts %s', (v) => {
    expect(messageOf(orgNameSchema, v)).toBeNull();
  });
  it.each(['-Acme', 'Acme_', 'Acme 1', 'Acme1', 'A--B', 'Acme!'])('rejects %s', (v) => {
    expect(messageOf(orgNameSchema, v)).toBe(
      'Only English and Chinese characters, with a dash or underscore in the middle',
    );
  });
});

describe('resource (instance) names', () => {
  it.each(['prod-db', 'my instance', 'console'])('accepts %s', (v) => expect(isValidResourceName(v)).toBe(true));
  it.each(['a<b', 'a:b', 'a"b', 'a/b', 'a\\b', 'a|b', 'a?b', 'a*b', 'CON', 'com1', 'LPT9', 'nul', ''])(
    'rejects %s',
    (v) => expect(isValidResourceName(v)).toBe(false),
  );
});

describe('sign-up', () => {
  const valid = { email: 'a@example.com', password: 'abcd123!', firstName: 'Ada', lastName: 'Lovelace', acceptTerms: true };
  it('accepts a valid sign-up', () => expect(signupSchema.safeParse(valid).success).toBe(true));
  it('needs the terms of service', () => {
    expect(messageOf(signupSchema, { ...valid, acceptTerms: false })).toBe('You must confirm the terms of service first');
  });
  it('refuses special characters in names', () => {
    expect(messageOf(signupSchema, { ...valid, firstName: 'Ada$' })).toBe('Special characters are not allowed');
  });
  it.each(['Acme <script>', 'Acme"', 'a/b', 'Acme; DROP', '<b>', '&Co', 'Acme -'])('refuses the company name %j (issue 14)', (company) => {
    expect(messageOf(signupSchema, { ...valid, company })).toMatch(/^Special characters are not allowed: use letters/);
  });
  it.each(['', 'Acme', 'AT&T', 'Acme, Inc.', "O'Neil (Asia)", 'Hewlett-Packard', '涛思数据', 'Zürich Öl 24'])('accepts the company name %j', (company) => {
    expect(messageOf(signupSchema, { ...valid, company })).toBeNull();
  });
  it('checks the company name the same way at account completion and in the profile', () => {
    const complete = { firstName: 'Ada', lastName: 'L', company_name: 'Acme <script>', industry_type: 'x', position: 'y', country_code: '86' };
    expect(messageOf(completeAccountSchema, complete)).toMatch(/^Special characters/);
    expect(messageOf(completeAccountSchema, { ...complete, company_name: '' })).toBe('This field is required');
    expect(messageOf(completeAccountSchema, { ...complete, company_name: 'Acme, Inc.' })).toBeNull();
  });
});

describe('codes, IPs and expiry', () => {
  it('coupon and access codes are 32 characters', () => {
    expect(messageOf(couponCodeSchema, 'A'.repeat(32))).toBeNull();
    expect(messageOf(couponCodeSchema, 'a'.repeat(32))).not.toBeNull();
    expect(messageOf(couponCodeSchema, 'A'.repeat(31))).not.toBeNull();
    expect(messageOf(accessCodeSchema, 'aB3'.repeat(10) + 'xy')).toBeNull();
    expect(messageOf(accessCodeSchema, 'aB3'.repeat(10))).not.toBeNull();
  });
  it.each(['10.0.0.1', '192.168.1.0/24', '2001:0db8:0000:0000:0000:ff00:0042:8329', '2001:db8:0:0:0:0:0:1/64'])(
    'accepts IP %s',
    (v) => expect(isValidIpAddress(v)).toBe(true),
  );
  it.each(['256.1.1.1', '1.2.3', '2001:db8::1', '1.2.3.4/33', 'abc'])('rejects IP %s', (v) =>
    expect(isValidIpAddress(v)).toBe(false),
  );
  it('expiration must be later than now plus the lead', () => {
    const now = 1_000_000;
    expect(isExpirationAcceptable(null, now, ROLE_EXPIRATION_MIN_LEAD_MS)).toBe(true);
    expect(isExpirationAcceptable(now + ROLE_EXPIRATION_MIN_LEAD_MS + 1, now, ROLE_EXPIRATION_MIN_LEAD_MS)).toBe(true);
    expect(isExpirationAcceptable(now + ROLE_EXPIRATION_MIN_LEAD_MS, now, ROLE_EXPIRATION_MIN_LEAD_MS)).toBe(false);
  });
  it('strips a leading 21 from codes', () => {
    expect(normalizeCode(21432)).toBe(432);
    expect(normalizeCode('21439')).toBe(439);
    expect(normalizeCode(200)).toBe(200);
  });
  it('checks privileges all-of and any-of', () => {
    expect(satisfies(['a:b', 'c:d'], { allOf: ['a:b' as never], anyOf: ['x' as never, 'c:d' as never] })).toBe(true);
    expect(satisfies(['a:b'], { allOf: ['a:b' as never, 'c:d' as never] })).toBe(false);
    expect(satisfies(['a:b'], { anyOf: ['x' as never] })).toBe(false);
  });
  it('translates into Chinese', () => {
    expect(translate('validation.email', 'zh')).toBe('请输入有效的邮箱地址');
  });
});

describe('person names', () => {
  it('asks for a missing name before judging its characters', () => {
    const valid = { email: 'a@example.com', password: 'abcd123!', firstName: '', lastName: 'Lovelace', acceptTerms: true };
    expect(messageOf(signupSchema, valid)).toBe('This field is required');
  });
});
