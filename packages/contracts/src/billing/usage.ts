import { z } from 'zod';
import { dayRangeSchema } from './ledger';

/** What an edition bills in: the currency of its build, or units on a marketplace (platform-shell.md §1). */
export type BillingCurrency = 'USD' | 'CNY' | 'UNIT';

/** The parts of an instance-hour's charge (a CDR's lines). */
export type UsageItemKind = 'plan' | 'storage' | 'ingress' | 'egress';

/** One line of a CDR: a quantity of one kind at one plan (and HA choice), its unit price and amount. */
export interface UsageItem {
  kind: UsageItemKind;
  plan_level: number;
  ha: 0 | 1;
  /** Hours for 'plan', GB-hours for 'storage', GB for 'ingress' and 'egress'. */
  quantity: number;
  unit_price: number;
  amount: number;
}

/** One instance-hour of usage (a CDR), priced. */
export interface UsageRecord {
  id: string;
  instance_id: string;
  instance_name: string;
  hour_start: number;
  currency: BillingCurrency;
  plan_hours: number;
  storage_gb_hours: number;
  bytes_in: number;
  bytes_out: number;
  amount: number;
  items: UsageItem[];
}

/** One instance-day of usage: the sum of its CDRs. `id` opens its CDRs (GET /billing/usage/cdr-list/{id}). */
export interface UsageDay {
  id: string;
  instance_id: string;
  instance_name: string;
  day: string;
  currency: BillingCurrency;
  plan_hours: number;
  storage_gb_hours: number;
  bytes_in: number;
  bytes_out: number;
  amount: number;
}

/** GET /billing/usage/page: paged instance-days, newest first, optionally one instance and a day range. */
export const usagePageQuerySchema = dayRangeSchema.extend({
  instance_id: z.string().min(1).max(64).optional(),
  current_page: z.coerce.number().int().min(1).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(10_000).optional().default(10),
});
