import { hash, verify } from '@node-rs/argon2';

/** Password hashing with argon2id (the library's default algorithm) and its recommended cost parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash verified when the e-mail is unknown, so that an unknown e-mail costs the same time as a wrong password.
let dummyHash: Promise<string> | null = null;
export async function spendPasswordTime(password: string): Promise<void> {
  dummyHash ??= hash('timing-equaliser-1!');
  await verifyPassword(await dummyHash, password);
}
