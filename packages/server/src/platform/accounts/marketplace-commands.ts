import type { Command } from '../../ops/commands';
import { marketplaceKey, mintMarketplaceToken } from './marketplace';

const DEFAULT_HOURS = 24;

/**
 * `marketplace token <aws|azure> <customerId> [email] [hours]`: a registration token of the local marketplace
 * provider (docs/accounts.md "Marketplace") and the landing link to hand to the subscriber — what a marketplace
 * integration does when no marketplace resolve call is plugged in.
 */
export const MARKETPLACE_COMMANDS: Record<string, Command> = {
  'marketplace token': {
    usage: 'marketplace token <aws|azure> <customer id> [email] [hours]',
    help: `a marketplace registration token and its landing link (valid ${DEFAULT_HOURS} h by default)`,
    run: async (deps, [marketplace, customerId, email, hours], print) => {
      if (marketplace !== 'aws' && marketplace !== 'azure') throw new Error('the marketplace is aws or azure');
      if (!customerId) throw new Error('a customer id is required');
      const validHours = hours ? Number(hours) : DEFAULT_HOURS;
      if (!Number.isFinite(validHours) || validHours <= 0) throw new Error('hours must be a positive number');
      const exp = deps.clock.now() + validHours * 60 * 60 * 1000;
      const token = mintMarketplaceToken(marketplaceKey(deps.config.marketplaces), marketplace, { customerId, productCode: 'tscloud', email: email || undefined, exp });
      print(`token: ${token}`);
      print(`link: ${deps.config.publicUrl}/auth/${marketplace}?token=${encodeURIComponent(token)}`);
    },
  },
};
