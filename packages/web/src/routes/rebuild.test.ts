import { describe, expect, it } from 'vitest';
import type { OrgSummary } from '@tscloud/contracts';
import { chooseInstance, chooseOrg } from './rebuild';
import type { Instance } from '../data/types';
import { captureInvitation, takePendingInvitation } from '../data/auth/invitation';

const instance = (id: string, cluster_status: string) => ({ id, name: id, region_id: 'r', cluster_status, app_type: 'TSDB' }) as Instance;

describe('current selection', () => {
  it('instance: the remembered one, else the first running, else the first', () => {
    const list = [instance('a', 'Suspended'), instance('b', 'Running'), instance('c', 'Running')];
    expect(chooseInstance(list, 'c')?.id).toBe('c');
    expect(chooseInstance(list, 'gone')?.id).toBe('b');
    expect(chooseInstance([instance('a', 'Failed')], null)?.id).toBe('a');
    expect(chooseInstance([], null)).toBeNull();
  });
  it('organization: the remembered one, else the first', () => {
    const orgs = [{ orgId: 'o1' }, { orgId: 'o2' }] as OrgSummary[];
    expect(chooseOrg(orgs, 'o2')?.orgId).toBe('o2');
    expect(chooseOrg(orgs, 'o9')?.orgId).toBe('o1');
    expect(chooseOrg([], 'o1')).toBeNull();
  });
});

describe('invitation link', () => {
  it('keeps the token of /auth/thirdparty?accept=… until it is taken once', () => {
    captureInvitation(new URL('http://x/auth/thirdparty?accept=tok'));
    captureInvitation(new URL('http://x/auth/login?accept=other'));
    expect(takePendingInvitation()).toBe('tok');
    expect(takePendingInvitation()).toBeNull();
  });
});
