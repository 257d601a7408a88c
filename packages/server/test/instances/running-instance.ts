import { expect } from 'vitest';
import type { SqlResult } from '@tscloud/contracts';
import { setBillingAccount } from '../../src/region/billing-account/account';
import type { Store } from '../../src/store/database';
import { createOrg, type Caller } from '../orgs/helpers';
import { REGION, createInstance, waitForStatus } from './harness';

export interface RunningInstance {
  orgId: string;
  id: string;
  /** the instance's gateway token */
  token: string;
}

/** A new organization of the owner's with one free-plan instance, waited on until Running. */
export async function runningInstance(owner: Caller, orgName: string, alias: string): Promise<RunningInstance> {
  const orgId = await createOrg(owner, orgName);
  const created = await createInstance(owner, orgId, alias, 0);
  await waitForStatus(owner, orgId, created.instance.id, 'Running');
  return { orgId, id: created.instance.id, token: created.token };
}

/**
 * A new organization of the owner's with a card on file and one STANDARD (paid) instance, waited on until Running:
 * what the paid-plan features (the IP allow-list, metering at a price) need.
 */
export async function runningPaidInstance(store: Store, owner: Caller, orgName: string, alias: string): Promise<RunningInstance> {
  const orgId = await createOrg(owner, orgName);
  await setBillingAccount(store.db, Date.now(), orgId, { cardOnFile: 1 });
  const created = await createInstance(owner, orgId, alias, 1);
  await waitForStatus(owner, orgId, created.instance.id, 'Running');
  return { orgId, id: created.instance.id, token: created.token };
}

/** SQL on the instance as the caller's own engine user (the explorer's data/sql call). */
export function instanceSql(caller: Caller, orgId: string, id: string, text: string) {
  return caller.call<SqlResult>('POST', `/api/region/${REGION}/data/sql/${id}`, { sql: text }, orgId);
}

/** Set-up statements run in order as the caller; each must succeed. */
export async function runStatements(caller: Caller, orgId: string, id: string, statements: string[]): Promise<void> {
  for (const statement of statements) {
    expect((await instanceSql(caller, orgId, id, statement)).data, statement).toMatchObject({ code: 0 });
  }
}
