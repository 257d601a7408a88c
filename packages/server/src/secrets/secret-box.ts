import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Encryption at rest of secrets the server must read back (README "Configuration", docs/operations.md "Secrets at
 * rest"): AES-256-GCM with the deployment's key, 32 bytes written as base64/base64url or 64 hex digits, from
 * - SECRETS_KEY (the environment), else
 * - SECRETS_KEY_FILE (a file outside DATA_DIR, e.g. a mounted secret), else
 * - DATA_DIR/keys/secrets.key, created once (mode 0600): convenient, but a copy of DATA_DIR then holds the key.
 * SECRETS_KEY_PREVIOUS (comma-separated) are older keys, still read: at start every stored secret another key
 * sealed is sealed again with the current one (key rotation). Several server processes sharing one PostgreSQL store
 * must be given the same keys.
 */
export interface SecretsSettings {
  /** SECRETS_KEY as configured, or null: the key file is used. */
  key: string | null;
  keyFile: string;
  /** Whether keyFile was named by SECRETS_KEY_FILE: it must exist then (never created). */
  keyFileGiven: boolean;
  /** SECRETS_KEY_PREVIOUS: keys that sealed values before the current one, read but never written with. */
  previousKeys: string[];
}

export function loadSecretsSettings(env: NodeJS.ProcessEnv, dataDir: string): SecretsSettings {
  const keyFile = env.SECRETS_KEY_FILE?.trim();
  return {
    key: env.SECRETS_KEY?.trim() || null,
    keyFile: keyFile || join(dataDir, 'keys', 'secrets.key'),
    keyFileGiven: Boolean(keyFile),
    previousKeys: (env.SECRETS_KEY_PREVIOUS ?? '').split(',').map((k) => k.trim()).filter(Boolean),
  };
}

/** Stored values start with this; anything else is a value written before encryption (read as is, sealed at start). */
const PREFIX = 'enc1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value that this key cannot open (another key, or altered): never answered as if it were the secret. */
export class SecretUnreadableError extends Error {
  constructor(context: string) {
    super(`the stored secret of ${context} cannot be decrypted with this server's SECRETS_KEY`);
  }
}

export interface SecretBox {
  /** Encrypts `plain` with the current key; `context` (e.g. table, column and row id) is authenticated, so a value moved elsewhere fails. */
  seal(plain: string, context: string): string;
  /** The plain text of a stored value: decrypted with the current or a previous key when sealed, as is when written before encryption. */
  open(stored: string, context: string): string;
  isSealed(stored: string): boolean;
  /**
   * What a start step does with a stored value: keep it (sealed with the current key), replace it (plain, or sealed
   * with a previous key: sealed again with the current one), or report it (no key of this server opens it).
   */
  reseal(stored: string, context: string): Resealing;
}

export type Resealing = { kind: 'current' } | { kind: 'replace'; value: string } | { kind: 'unreadable' };

function decodeKey(text: string, origin: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url');
  if (key.length !== 32) throw new Error(`${origin} must be 32 bytes, base64 or 64 hexadecimal digits`);
  return key;
}

function keyOf(settings: SecretsSettings): Buffer {
  if (settings.key) return decodeKey(settings.key, 'SECRETS_KEY');
  if (settings.keyFileGiven) {
    let text: string;
    try {
      text = readFileSync(settings.keyFile, 'utf8');
    } catch (error) {
      throw new Error(`SECRETS_KEY_FILE ${settings.keyFile} cannot be read: ${(error as Error).message}`, { cause: error });
    }
    return decodeKey(text.trim(), `SECRETS_KEY_FILE ${settings.keyFile}`);
  }
  mkdirSync(dirname(settings.keyFile), { recursive: true });
  try {
    writeFileSync(settings.keyFile, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Already there (an earlier start, or another process that won the race): that key is the one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return decodeKey(readFileSync(settings.keyFile, 'utf8').trim(), settings.keyFile);
}

const boxes = new Map<string, SecretBox>();

/**
 * Every key this process was configured with, by fingerprint: what openWithKnownKeys reads with. Filled when a box
 * is made (at start, by the start steps that seal stored secrets).
 */
const knownKeys = new Map<string, Buffer>();

function remember(key: Buffer): void {
  knownKeys.set(createHash('sha256').update(key).digest('hex'), key);
}

/** The box of the configured keys (read or created once per key source). */
export function secretBox(settings: SecretsSettings): SecretBox {
  const id = [settings.key ? `key:${settings.key}` : `file:${settings.keyFile}`, ...settings.previousKeys].join('|');
  let box = boxes.get(id);
  if (!box) {
    const previous = settings.previousKeys.map((text, i) => decodeKey(text, `SECRETS_KEY_PREVIOUS (key ${i + 1})`));
    box = boxWithKey(keyOf(settings), previous);
    boxes.set(id, box);
  }
  return box;
}

function sealWith(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The plain text of a sealed value, or null when `key` did not seal it (or it was altered). */
function openWith(key: Buffer, stored: string, context: string): string | null {
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const isSealed = (stored: string) => stored.startsWith(PREFIX);

/** A box sealing with `key` and opening with it or any of `previous` (oldest last). */
export function boxWithKey(key: Buffer, previous: readonly Buffer[] = []): SecretBox {
  for (const k of [key, ...previous]) remember(k);
  const open = (stored: string, context: string): string => {
    if (!isSealed(stored)) return stored;
    for (const k of [key, ...previous]) {
      const plain = openWith(k, stored, context);
      if (plain !== null) return plain;
    }
    throw new SecretUnreadableError(context);
  };
  return {
    isSealed,
    seal: (plain, context) => sealWith(key, plain, context),
    open,
    reseal(stored, context) {
      if (isSealed(stored) && openWith(key, stored, context) !== null) return { kind: 'current' };
      try {
        return { kind: 'replace', value: sealWith(key, open(stored, context), context) };
      } catch {
        return { kind: 'unreadable' };
      }
    },
  };
}

/**
 * The plain text of a stored value, opened with any key this process was configured with: for code that reads a
 * secret far from the configuration (an instance's engine password, wherever an engine is called). Values are
 * bound to their context, so any of the deployment's own keys is as good as the box's.
 */
export function openWithKnownKeys(stored: string, context: string): string {
  if (!isSealed(stored)) return stored;
  for (const key of knownKeys.values()) {
    const plain = openWith(key, stored, context);
    if (plain !== null) return plain;
  }
  throw new SecretUnreadableError(context);
}
