import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../deps';
import { secretBox } from '../../../secrets/secret-box';
import { billingPaymentSettings } from '../../../store/schema';

const NAME = 'sandbox_webhook_secret';

/**
 * The deployment's webhook signing secret: made once in the store (the first server to need it wins the insert), so
 * every server of a deployment signs and verifies with the same one; sealed with SECRETS_KEY at rest.
 */
export async function webhookSecret(deps: Pick<AppDeps, 'store' | 'config'>): Promise<string> {
  const box = secretBox(deps.config.secrets);
  const context = `billing_payment_settings.value:${NAME}`;
  const { db } = deps.store;
  await db
    .insert(billingPaymentSettings)
    .values({ name: NAME, value: box.seal(randomBytes(32).toString('base64url'), context) })
    .onConflictDoNothing();
  const [row] = await db.select().from(billingPaymentSettings).where(eq(billingPaymentSettings.name, NAME));
  return box.open(row.value, context);
}
