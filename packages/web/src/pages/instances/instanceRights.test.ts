import { describe, expect, it } from 'vitest';
import { Privilege } from '@tscloud/contracts';
import { rowRights } from './instanceRights';

const all = [Privilege.INSTANCE_CONTROL, Privilege.INSTANCE_DELETE, Privilege.INSTANCE_UPDATE, Privilege.INSTANCE_TOKEN_RESET];

describe('instance row actions', () => {
  it('delete only when Suspended; start from Suspended/Failed/Error; suspend from Running and the like', () => {
    expect(rowRights({ cluster_status: 'Running', privileges: all }, false)).toEqual({ start: false, suspend: true, remove: false, rename: true, resetToken: true });
    expect(rowRights({ cluster_status: 'Suspended', privileges: all }, false)).toEqual({ start: true, suspend: false, remove: true, rename: true, resetToken: true });
    expect(rowRights({ cluster_status: 'Suspending', privileges: all }, false)).toMatchObject({ start: false, suspend: false, remove: false });
    expect(rowRights({ cluster_status: 'Failed', privileges: all }, false)).toMatchObject({ start: true, suspend: true, remove: false });
  });

  it('nothing without the privilege or in a read-only organization', () => {
    expect(rowRights({ cluster_status: 'Suspended', privileges: [Privilege.INSTANCE_READ] }, false)).toEqual({ start: false, suspend: false, remove: false, rename: false, resetToken: false });
    expect(rowRights({ cluster_status: 'Suspended', privileges: all }, true)).toEqual({ start: false, suspend: false, remove: false, rename: false, resetToken: false });
  });
});
