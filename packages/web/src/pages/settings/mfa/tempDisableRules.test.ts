import { describe, expect, it } from 'vitest';
import type { VerifyUrl } from '@tscloud/contracts';
import { TEMP_DISABLE_DEFAULTS, exemptibleOperations, tempDisableSchema, toExemptionBody } from './tempDisableRules';

const NOW = 1_800_000_000_000;
const schema = tempDisableSchema(() => NOW);
const messages = (value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('multi-factor temporary disable form', () => {
  it('defaults to 10 minutes and needs at least one operation', () => {
    expect(TEMP_DISABLE_DEFAULTS.minutes).toBe(10);
    expect(messages(TEMP_DISABLE_DEFAULTS)).toEqual(['urlIds:validation.required']);
    expect(messages({ ...TEMP_DISABLE_DEFAULTS, urlIds: ['org.delete'] })).toEqual([]);
  });

  it('0 minutes is allowed (it re-enables) and negative or fractional minutes are not', () => {
    expect(messages({ ...TEMP_DISABLE_DEFAULTS, urlIds: ['org.delete'], minutes: 0 })).toEqual([]);
    expect(messages({ ...TEMP_DISABLE_DEFAULTS, urlIds: ['org.delete'], minutes: -1 })).toHaveLength(1);
    expect(messages({ ...TEMP_DISABLE_DEFAULTS, urlIds: ['org.delete'], minutes: 1.5 })).toHaveLength(1);
  });

  it('an end time must be given and must not be expired', () => {
    const until = { ...TEMP_DISABLE_DEFAULTS, urlIds: ['org.delete'], mode: 'until' as const };
    expect(messages({ ...until, until: null })).toEqual(['until:validation.required']);
    expect(messages({ ...until, until: NOW })).toEqual(['until:validation.expiration']);
    expect(messages({ ...until, until: NOW - 60_000 })).toEqual(['until:validation.expiration']);
    expect(messages({ ...until, until: NOW + 60_000 })).toEqual([]);
  });

  it('sends minutes or the end time', () => {
    expect(toExemptionBody({ ...TEMP_DISABLE_DEFAULTS, urlIds: ['org.delete'] })).toEqual({ urlIds: ['org.delete'], minutes: 10 });
    expect(toExemptionBody({ ...TEMP_DISABLE_DEFAULTS, urlIds: ['org.delete'], mode: 'until', until: NOW + 1 })).toEqual({ urlIds: ['org.delete'], until: NOW + 1 });
  });

  it('offers only exemptible operations', () => {
    const urls: VerifyUrl[] = [
      { id: 'org.delete', url: '/api/org/remove/:id', method: 'DELETE', name: 'Delete', exemptible: true },
      { id: 'mfa.settings', url: '/api/verify/user-mfa-urls', method: 'POST', name: 'MFA', exemptible: false },
    ];
    expect(exemptibleOperations(urls).map((u) => u.id)).toEqual(['org.delete']);
  });
});
