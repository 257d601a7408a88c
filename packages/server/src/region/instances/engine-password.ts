import { and, eq } from 'drizzle-orm';
import type { Db } from '../../store/database';
import { instances, type InstanceRow } from '../../store/schema';
import { openWithKnownKeys, type SecretBox } from '../../secrets/secret-box';
import { resealStored } from '../../secrets/reseal';
import { newEnginePassword } from './credentials';

/**
 * Each instance's engine superuser password is stored sealed with the secrets key (secrets/secret-box.ts), bound to
 * its instance: a copy of the store alone no longer opens every engine (docs/instances.md "Engine credentials").
 */
export const enginePasswordContext = (instanceId: string) => `instances.engine_password:${instanceId}`;

/** A new random engine password for the instance, sealed for its row. */
export function newSealedEnginePassword(box: SecretBox, instanceId: string): string {
  return box.seal(newEnginePassword(), enginePasswordContext(instanceId));
}

/** The instance's engine password in plain text, for the engine calls and the provisioner. */
export function enginePasswordOf(row: Pick<InstanceRow, 'id' | 'enginePassword'>): string {
  return openWithKnownKeys(row.enginePassword, enginePasswordContext(row.id));
}

/**
 * Seals the engine passwords stored before encryption at rest, or sealed with a previous key (key rotation), with the
 * current key (run at start, idempotent; a row is changed only while it still holds the value read). Answers how
 * many were sealed and how many sealed ones no key of this server can open.
 */
export async function sealStoredEnginePasswords(db: Db, box: SecretBox): Promise<{ sealed: number; unreadable: number }> {
  const rows = await db.select({ id: instances.id, enginePassword: instances.enginePassword }).from(instances);
  return resealStored(
    box,
    rows.map((row) => ({
      value: row.enginePassword,
      context: enginePasswordContext(row.id),
      replace: async (sealed: string) =>
        (
          await db
            .update(instances)
            .set({ enginePassword: sealed })
            .where(and(eq(instances.id, row.id), eq(instances.enginePassword, row.enginePassword)))
            .returning({ id: instances.id })
        ).length > 0,
    })),
  );
}
