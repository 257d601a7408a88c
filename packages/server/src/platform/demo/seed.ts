import { and, eq } from 'drizzle-orm';
import { AccountStatus } from '@tscloud/contracts';
import type { AppDeps } from '../../deps';
import { organizations } from '../../store/schema';
import { createActiveUser, findUserByEmail, hashPassword, updateUser } from '../accounts';
import { createOrganization } from '../orgs';
import { seedDemoInstance, type DemoInstance } from './instance';

export const DEMO_EMAIL = 'demo@tscloud.local';
/** The demo password unless TSCLOUD_DEMO_PASSWORD says otherwise; it meets the password rule of §5. */
export const DEFAULT_DEMO_PASSWORD = 'Demo.2026!';
export const DEMO_ORG_NAME = 'Demo';

export interface DemoAccount {
  email: string;
  password: string;
  orgId: string;
  instance: DemoInstance;
}

/**
 * The demo account of `npm start` (config.demo): an active, complete account demo@tscloud.local owning the
 * organization "Demo". Idempotent: at every start the account is kept ACTIVE with the printed password and the
 * organization is created only when missing, as is its instance "demo" (./instance), whose token is reset.
 */
export async function seedDemo(deps: Pick<AppDeps, 'store' | 'clock' | 'config'>, password = DEFAULT_DEMO_PASSWORD): Promise<DemoAccount> {
  const { db } = deps.store;
  const existing = await findUserByEmail(db, DEMO_EMAIL);
  const user =
    existing && existing.status !== 'INVITED'
      ? await updateUser(db, deps.clock, existing.id, { status: 'ACTIVE', accountStatus: AccountStatus.NORMAL, passwordHash: await hashPassword(password) })
      : await createActiveUser(db, deps.clock, { email: DEMO_EMAIL, password, firstName: 'Demo', lastName: 'User', companyName: 'tscloud', accountStatus: AccountStatus.NORMAL });
  const owned = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.ownerId, user.id), eq(organizations.name, DEMO_ORG_NAME)))
    .limit(1);
  const orgId = owned[0]?.id ?? (await createOrganization(db, deps.clock, { owner: user, name: DEMO_ORG_NAME }))!.id;
  const instance = await seedDemoInstance(deps, orgId, user.id);
  return { email: DEMO_EMAIL, password, orgId, instance };
}
