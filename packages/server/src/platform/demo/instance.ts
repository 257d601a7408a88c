import type { AppDeps } from '../../deps';
import { seedInstance, type SeededInstance } from '../../region';

export const DEMO_INSTANCE_ALIAS = 'demo';

export interface DemoInstance extends SeededInstance {
  alias: string;
}

/**
 * The demo instance "demo" of the Demo organization, through the region's seeding call: created (free plan, first
 * configured cloud and region) when the organization has none by that alias, else kept as it is, token included.
 */
export async function seedDemoInstance(deps: Pick<AppDeps, 'store' | 'clock' | 'config'>, orgId: string, createdBy: string): Promise<DemoInstance> {
  const { id, token } = await seedInstance(deps, { orgId, alias: DEMO_INSTANCE_ALIAS, createdBy });
  return { id, alias: DEMO_INSTANCE_ALIAS, token };
}

/** What `npm start` and `npm run ops -- demo` print of the demo instance's token. */
export function demoTokenText(instance: DemoInstance): string {
  return instance.token
    ? `token ${instance.token}`
    : 'token unchanged since it was first printed (only its hash is stored; reset it in the console to get a new one)';
}
