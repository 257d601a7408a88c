import { describe, expect, it, vi } from 'vitest';
import { ApiCode, type VerifyTokenBody } from '@tscloud/contracts';
import { ApiError } from '../../api/errors';
import { VerificationCancelled, withVerification, type VerificationDeps } from './verification';

/** A prompt that answers `answer` (null: cancelled) and buys the token with it, as the dialog does. */
function deps(answer: VerifyTokenBody | null, overrides: Partial<VerificationDeps> = {}) {
  return {
    ask: vi.fn<VerificationDeps['ask']>(async (buy) => (answer ? buy(answer) : null)),
    issueToken: vi.fn(async () => ({ verifyToken: 'vt-1', expiresAt: 0 })),
    remember: vi.fn(),
    forget: vi.fn(),
    showError: vi.fn(),
    ...overrides,
  } satisfies VerificationDeps;
}

describe('protected operations (433)', () => {
  it('passes through when no verification is needed, silently first', async () => {
    const d = deps({ code: '123456' });
    const call = vi.fn(async () => 'done');
    await expect(withVerification(call, d)).resolves.toBe('done');
    expect(call).toHaveBeenCalledWith(true);
    expect(d.ask).not.toHaveBeenCalled();
  });

  it('on 433 asks for a code, buys a Verify-Token and retries once', async () => {
    const d = deps({ code: '123456' });
    const call = vi.fn().mockRejectedValueOnce(new ApiError(ApiCode.MFA_REQUIRED, 'needs code')).mockResolvedValueOnce('done');
    await expect(withVerification(call, d)).resolves.toBe('done');
    expect(d.issueToken).toHaveBeenCalledWith({ code: '123456' });
    expect(d.remember).toHaveBeenCalledWith('vt-1');
    expect(call.mock.calls).toEqual([[true], [false]]);
  });

  it('cancelling the prompt clears the token and does not retry', async () => {
    const d = deps(null);
    const call = vi.fn().mockRejectedValue(new ApiError(ApiCode.MFA_REQUIRED, 'needs code'));
    await expect(withVerification(call, d)).rejects.toBeInstanceOf(VerificationCancelled);
    expect(d.forget).toHaveBeenCalled();
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('a failed token request ends the attempt without retrying', async () => {
    const d = deps({ password: 'x' }, { issueToken: vi.fn(async () => Promise.reject(new ApiError(400, 'Wrong password'))) });
    const call = vi.fn().mockRejectedValue(new ApiError(ApiCode.MFA_REQUIRED, 'needs code'));
    await expect(withVerification(call, d)).rejects.toThrow('Wrong password');
    expect(call).toHaveBeenCalledTimes(1);
    expect(d.remember).not.toHaveBeenCalled();
  });

  it('other failures of the silent attempt are shown (session errors are shown by the request layer)', async () => {
    const d = deps({ code: '1' });
    await expect(withVerification(() => Promise.reject(new ApiError(400, 'Delete all instances first')), d)).rejects.toThrow();
    expect(d.showError).toHaveBeenCalledWith('Delete all instances first');
    const d2 = deps({ code: '1' });
    await expect(withVerification(() => Promise.reject(new ApiError(432, 'gone')), d2)).rejects.toThrow();
    expect(d2.showError).not.toHaveBeenCalled();
  });
});
