import type { SecretBox } from './secret-box';

/** One stored secret to bring under the current key, and how to write its new sealed value back. */
export interface StoredSecret {
  value: string;
  /** What the value is bound to (the context it was sealed with). */
  context: string;
  /**
   * Writes the new sealed value only while the row still holds `value`, so that concurrent starts do not seal
   * twice; answers whether a row changed.
   */
  replace(sealed: string): Promise<boolean>;
}

/**
 * Seals stored secrets written before encryption at rest, or sealed with a previous key (key rotation), with the
 * current key. Run at start by each area that keeps secrets; idempotent. Answers how many were sealed and how many
 * sealed ones no key of this server can open.
 */
export async function resealStored(box: SecretBox, secrets: Iterable<StoredSecret>): Promise<{ sealed: number; unreadable: number }> {
  let sealed = 0;
  let unreadable = 0;
  for (const secret of secrets) {
    const resealing = box.reseal(secret.value, secret.context);
    if (resealing.kind === 'unreadable') unreadable += 1;
    if (resealing.kind === 'replace' && (await secret.replace(resealing.value))) sealed += 1;
  }
  return { sealed, unreadable };
}
