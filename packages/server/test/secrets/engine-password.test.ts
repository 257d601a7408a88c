import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AppType } from '@tscloud/contracts';
import { instances } from '../../src/store/schema';
import { boxWithKey, SecretUnreadableError } from '../../src/secrets/secret-box';
import { enginePasswordContext, enginePasswordOf } from '../../src/region/instances/engine-password';
import { createOrg } from '../orgs/helpers';
import { InstancesWorld, createInstance, gateway, waitForStatus, worldCaller } from '../instances/harness';

const keyText = () => randomBytes(32).toString('base64');
const keyOf = (text: string) => Buffer.from(text, 'base64');

describe("an instance's engine superuser password", () => {
  const world = new InstancesWorld();
  beforeAll(async () => {
    await world.open();
  }, 60_000);
  afterAll(async () => world.close(), 60_000);

  const storedOf = async (id: string) => (await world.store.db.select().from(instances).where(eq(instances.id, id)))[0];

  it('is stored sealed, and the engine runs and answers with it', async () => {
    const owner = await worldCaller(world, 'sealed.owner@example.com');
    const orgId = await createOrg(owner, 'Sealedorg');
    const created = await createInstance(owner, orgId, 'Sealed one');
    await waitForStatus(owner, orgId, created.instance.id, 'Running');
    const row = await storedOf(created.instance.id);
    expect(row.enginePassword).toMatch(/^enc1:/);
    const plain = enginePasswordOf(row);
    expect(plain).toMatch(/^[\w-]{24}$/);
    expect(row.enginePassword).not.toContain(plain);
    // The server reached the engine with the opened password: a gateway call runs as the superuser.
    expect((await gateway(world.app, { id: created.instance.id, path: 'rest/sql', token: created.token, body: 'SELECT 1' })).json).toMatchObject({ code: 0 });
  });

  it('stored in clear before is sealed at start, and sealed again with a new key that names the old one as previous', async () => {
    const id = randomUUID();
    const now = Date.now();
    const org = await createOrg(await worldCaller(world, 'rotate.owner@example.com'), 'Rotateorg');
    // A suspended instance from before encryption at rest: no lifecycle touches it.
    await world.store.db.insert(instances).values({
      id, orgId: org, name: `tsdb-${id.slice(0, 8)}`, alias: 'Old one', appType: AppType.TSDB, cloudId: 'local', regionId: 'default',
      planLevel: 0, desiredState: 'suspended', status: 'Suspended', engineUser: 'root', enginePassword: 'plain-engine-pass', tokenHash: 'x', createdAt: now, updatedAt: now,
    });
    const [keyA, keyB, keyC] = [keyText(), keyText(), keyText()];
    const context = enginePasswordContext(id);

    const withA = await world.build({ SECRETS_KEY: keyA });
    await withA.close();
    const sealedByA = (await storedOf(id)).enginePassword;
    expect(sealedByA).toMatch(/^enc1:/);
    expect(boxWithKey(keyOf(keyA)).open(sealedByA, context)).toBe('plain-engine-pass');

    const withB = await world.build({ SECRETS_KEY: keyB, SECRETS_KEY_PREVIOUS: keyA });
    await withB.close();
    const sealedByB = (await storedOf(id)).enginePassword;
    expect(boxWithKey(keyOf(keyB)).open(sealedByB, context)).toBe('plain-engine-pass');
    expect(() => boxWithKey(keyOf(keyA)).open(sealedByB, context)).toThrow(SecretUnreadableError);

    // A key that never sealed it, without the previous one: the value is kept (reported), not overwritten.
    const withC = await world.build({ SECRETS_KEY: keyC });
    await withC.close();
    expect((await storedOf(id)).enginePassword).toBe(sealedByB);
  });
});
