import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Command } from '../../ops/commands';
import { organizations } from '../../store/schema';
import { billingAccountOf, setBillingAccount } from './account';
import { mintCoupons } from '../../platform/billing/coupons/coupons';
import { toMicros } from '../../platform/billing/money';

async function orgById(deps: AppDeps, orgId: string | undefined) {
  const [org] = await deps.store.db.select().from(organizations).where(eq(organizations.id, orgId ?? '')).limit(1);
  if (!org) throw new Error(`no organization ${orgId ?? ''} (see: org list)`);
  return org;
}

function onOff(value: string | undefined): 0 | 1 {
  if (value === 'on') return 1;
  if (value === 'off') return 0;
  throw new Error('say on or off');
}

async function show(deps: AppDeps, orgId: string, print: (line: string) => void): Promise<void> {
  const org = await orgById(deps, orgId);
  const account = await billingAccountOf(deps.store.db, org.id, deps.config.marketplace !== 'none');
  print(`${org.name} (${org.id}): credit ${account.balance.toFixed(2)}, card ${account.creditCard ? 'on file' : 'none'}, marketplace ${account.marketplace ? 'yes' : 'no'}`);
}

/** An expiry as a day (YYYY-MM-DD, the end of that day in UTC) or "never". */
function expiryOf(value: string | undefined): number | null {
  if (value === undefined || value === 'never') return null;
  const at = Date.parse(`${value}T23:59:59.999Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(at)) throw new Error('the expiry is a day (YYYY-MM-DD) or never');
  return at + 1;
}

/** `npm run ops -- billing …`: the billing account the plan-upgrade credit check reads (docs/instances.md, docs/billing.md). */
export const BILLING_COMMANDS: Record<string, Command> = {
  'billing show': {
    usage: 'billing show <organization id>',
    help: "print an organization's credit, card and marketplace flag",
    run: async (deps, [orgId], print) => show(deps, orgId, print),
  },
  'billing credit': {
    usage: 'billing credit <organization id> <amount>',
    help: "set an organization's credit balance (two decimals)",
    run: async (deps, [orgId, amount], print) => {
      const org = await orgById(deps, orgId);
      const value = Number(amount);
      if (!amount || !Number.isFinite(value) || value < 0) throw new Error('the amount must be a number, 0 or more');
      await setBillingAccount(deps.store.db, deps.clock.now(), org.id, { creditCents: Math.round(value * 100) });
      await show(deps, org.id, print);
    },
  },
  'billing card': {
    usage: 'billing card <organization id> <on|off>',
    help: 'record whether the organization has a credit card on file',
    run: async (deps, [orgId, value], print) => {
      const org = await orgById(deps, orgId);
      await setBillingAccount(deps.store.db, deps.clock.now(), org.id, { cardOnFile: onOff(value) });
      await show(deps, org.id, print);
    },
  },
  'billing marketplace': {
    usage: 'billing marketplace <organization id> <on|off>',
    help: 'mark the organization as billed through a cloud marketplace',
    run: async (deps, [orgId, value], print) => {
      const org = await orgById(deps, orgId);
      await setBillingAccount(deps.store.db, deps.clock.now(), org.id, { marketplace: onOff(value) });
      await show(deps, org.id, print);
    },
  },
  'billing coupon-mint': {
    usage: 'billing coupon-mint <amount> [<expiry YYYY-MM-DD>|never] [single|multi] [<count>]',
    help: 'mint coupons of an amount (two decimals), valid through a day (UTC), single use (default) or once per organization',
    run: async (deps, [amount, expiry, use = 'single', howMany = '1'], print) => {
      const value = Number(amount);
      if (!amount || !Number.isFinite(value) || value <= 0 || Math.round(value * 100) !== value * 100) throw new Error('the amount must be more than 0, at most two decimals');
      if (use !== 'single' && use !== 'multi') throw new Error('say single or multi');
      const count = Number(howMany);
      if (!Number.isInteger(count) || count < 1 || count > 1000) throw new Error('the count is 1 to 1000');
      const rows = await mintCoupons(deps.store.db, deps.clock.now(), { amountMicros: toMicros(value), expiresAt: expiryOf(expiry), singleUse: use === 'single' }, count);
      for (const row of rows) print(row.code);
    },
  },
};
