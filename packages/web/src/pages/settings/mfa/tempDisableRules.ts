import { z } from 'zod';
import { MFA_DEFAULT_DISABLE_MINUTES, mfaDisableSchema, type MfaExemptionBody, type MfaOperationId, type VerifyUrl } from '@tscloud/contracts';

/**
 * The temporary-disable form (platform-shell.md §4–5): operations chosen from GET /api/dict/verify-urls, minutes
 * (default 10; 0 re-enables multi-factor for them) or an end time that must not be expired. The minutes rule is
 * contracts' mfaDisableSchema; the end-time rule is added here because it depends on the clock.
 */
export type TempDisableMode = 'minutes' | 'until';

export function tempDisableSchema(now: () => number) {
  return mfaDisableSchema
    .extend({ mode: z.enum(['minutes', 'until']), until: z.number().int().nullable() })
    .superRefine((v, ctx) => {
      if (v.mode !== 'until') return;
      if (v.until === null) ctx.addIssue({ code: 'custom', path: ['until'], message: 'validation.required' });
      else if (v.until <= now()) ctx.addIssue({ code: 'custom', path: ['until'], message: 'validation.expiration' });
    });
}

export type TempDisableValues = z.input<ReturnType<typeof tempDisableSchema>>;

export const TEMP_DISABLE_DEFAULTS: TempDisableValues = { urlIds: [], minutes: MFA_DEFAULT_DISABLE_MINUTES, mode: 'minutes', until: null };

/** The body of POST /api/verify/user-mfa-urls. */
export function toExemptionBody(values: TempDisableValues): MfaExemptionBody {
  const urlIds = values.urlIds as MfaOperationId[];
  if (values.mode === 'until' && values.until !== null) return { urlIds, until: values.until };
  return { urlIds, minutes: values.minutes ?? MFA_DEFAULT_DISABLE_MINUTES };
}

/** Only operations the server lets a user exempt are offered. */
export function exemptibleOperations(urls: readonly VerifyUrl[]): VerifyUrl[] {
  return urls.filter((u) => u.exemptible);
}
