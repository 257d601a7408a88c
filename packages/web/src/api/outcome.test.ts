import { describe, expect, it } from 'vitest';
import { chooseErrorMessage, classify, networkErrorMessage, parseEnvelope, readBlobEnvelope } from './outcome';

describe('parseEnvelope', () => {
  it('strips a leading 21 from codes', () => {
    expect(parseEnvelope({ code: 21432, message: 'gone', data: null })).toEqual({ code: 432, message: 'gone', data: null });
    expect(parseEnvelope({ code: '21200', message: 'ok', data: 1 })?.code).toBe(200);
    expect(parseEnvelope({ code: 200, data: [1] })).toEqual({ code: 200, message: '', data: [1] });
  });
  it('keeps codes that merely contain 21', () => {
    expect(parseEnvelope({ code: 212, message: '' })?.code).toBe(212);
    expect(parseEnvelope({ code: 50021, message: '' })?.code).toBe(50021);
  });
  it('rejects bodies that are not envelopes', () => {
    expect(parseEnvelope(null)).toBeNull();
    expect(parseEnvelope('<html>')).toBeNull();
    expect(parseEnvelope({ data: 1 })).toBeNull();
    expect(parseEnvelope({ code: 'abc' })).toBeNull();
  });
});

describe('classify', () => {
  it('200 and 302 are success', () => {
    expect(classify(200, 0).kind).toBe('success');
    expect(classify(302, 0).kind).toBe('success');
  });
  it('432 and 512 invalidate the session', () => {
    expect(classify(432, 0).kind).toBe('sessionInvalid');
    expect(classify(512, 0).kind).toBe('sessionInvalid');
  });
  it('439 retries while fewer than 5 retries were made, then is an error', () => {
    for (let attempt = 0; attempt < 5; attempt++) expect(classify(439, attempt).kind).toBe('retry');
    expect(classify(439, 5).kind).toBe('error');
  });
  it('anything else is an error', () => {
    for (const code of [400, 401, 403, 404, 433, 500, 503]) expect(classify(code, 0).kind).toBe('error');
  });
});

describe('message choice', () => {
  it('prefers custom, then server, then generic', () => {
    expect(chooseErrorMessage('custom', 'server', 'generic')).toBe('custom');
    expect(chooseErrorMessage(undefined, 'server', 'generic')).toBe('server');
    expect(chooseErrorMessage('  ', '', 'generic')).toBe('generic');
  });
  it('network errors show their message or the fallback', () => {
    expect(networkErrorMessage(new TypeError('fetch failed'), 'unknown')).toBe('fetch failed');
    expect(networkErrorMessage(new Error(''), 'unknown')).toBe('unknown');
    expect(networkErrorMessage(undefined, 'unknown')).toBe('unknown');
  });
  it('reads the envelope from a failed blob body', async () => {
    const blob = new Blob([JSON.stringify({ code: 21404, message: 'no such file', data: null })], { type: 'application/json' });
    expect(await readBlobEnvelope(blob)).toEqual({ code: 404, message: 'no such file', data: null });
    expect(await readBlobEnvelope(new Blob(['binary']))).toBeNull();
  });
});
