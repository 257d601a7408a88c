import { z } from 'zod';

/**
 * Kinds of balance change (platform-shell.md §3 "balance change records"). The spec fixes only that the changelog's
 * default filter is [1,2,4,5,6]; the numbering is ours (docs/billing.md). Usage charges (3) are one per instance-hour
 * and are left out of the default filter: the usage calls show them.
 */
export const LedgerType = {
  RECHARGE: 1,
  COUPON: 2,
  USAGE_CHARGE: 3,
  REFUND: 4,
  ADJUSTMENT: 5,
  CREDIT_GRANT: 6,
} as const;
export type LedgerTypeValue = (typeof LedgerType)[keyof typeof LedgerType];
export const LEDGER_TYPES: readonly LedgerTypeValue[] = Object.values(LedgerType);
export const DEFAULT_CHANGELOG_TYPES: readonly LedgerTypeValue[] = [1, 2, 4, 5, 6];

/** One ledger entry as the changelog calls return it; amounts in the edition's currency (units on a marketplace). */
export interface BalanceChange {
  transaction_no: string;
  type: LedgerTypeValue;
  old_balance: number;
  change: number;
  new_balance: number;
  /** What the entry is for: a coupon code, the charged instance-hour, an operator's note. */
  reference: string | null;
  note: string | null;
  created_at: number;
}

/** One day of the changelog: the sum of changes per type and the balance at the day's end. */
export interface BalanceDay {
  day: string;
  type: LedgerTypeValue;
  count: number;
  change: number;
  closing_balance: number;
}

const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'validation.formFormat' });

/** `type` as repeated query parameters, a comma list or a JSON array ("[1,2]"); the default of §7 when absent. */
export const ledgerTypesParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, ctx): LedgerTypeValue[] => {
    if (value === undefined || value === '') return [...DEFAULT_CHANGELOG_TYPES];
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.replace(/[[\]\s]/g, '').split(',')).filter(Boolean);
    const types = parts.map(Number);
    if (types.some((t) => !LEDGER_TYPES.includes(t as LedgerTypeValue))) {
      ctx.addIssue({ code: 'custom', message: 'validation.formFormat' });
      return z.NEVER;
    }
    return types as LedgerTypeValue[];
  });

/** A day range (inclusive, in the edition's time zone); both optional. */
export const dayRangeSchema = z.object({ start_day: dayText.optional(), end_day: dayText.optional() });

/** GET /billing/balance/changelog and /changelog-day-agg. */
export const changelogQuerySchema = dayRangeSchema.extend({ type: ledgerTypesParam });
/** GET /billing/balance/changelog-day-detail: the entries of one day. */
export const changelogDayDetailQuerySchema = z.object({ day: dayText, type: ledgerTypesParam });
