import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Encryption at rest of secrets the server must read back (README "Configuration", docs/sso.md "Client secret"):
 * AES-256-GCM with the deployment's key. SECRETS_KEY (32 bytes, base64/base64url or 64 hex digits) is the key;
 * without it the embedded default creates a random key once under DATA_DIR/keys/secrets.key (mode 0600).
 * Several server processes sharing one PostgreSQL store must be given the same SECRETS_KEY.
 */
export interface SecretsSettings {
  /** SECRETS_KEY as configured, or null: the key file is used. */
  key: string | null;
  keyFile: string;
}

export function loadSecretsSettings(env: NodeJS.ProcessEnv, dataDir: string): SecretsSettings {
  return { key: env.SECRETS_KEY?.trim() || null, keyFile: join(dataDir, 'keys', 'secrets.key') };
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
  /** Encrypts `plain`; `context` (e.g. table, column and row id) is authenticated, so a value moved elsewhere fails. */
  seal(plain: string, context: string): string;
  /** The plain text of a stored value: decrypted when sealed, as is when written before encryption. */
  open(stored: string, context: string): string;
  isSealed(stored: string): boolean;
}

function decodeKey(text: string, origin: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url');
  if (key.length !== 32) throw new Error(`${origin} must be 32 bytes, base64 or 64 hexadecimal digits`);
  return key;
}

function keyOf(settings: SecretsSettings): Buffer {
  if (settings.key) return decodeKey(settings.key, 'SECRETS_KEY');
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

/** The box of the configured key (read or created once per key source). */
export function secretBox(settings: SecretsSettings): SecretBox {
  const id = settings.key ? `key:${settings.key}` : `file:${settings.keyFile}`;
  let box = boxes.get(id);
  if (!box) {
    box = boxWithKey(keyOf(settings));
    boxes.set(id, box);
  }
  return box;
}

export function boxWithKey(key: Buffer): SecretBox {
  const isSealed = (stored: string) => stored.startsWith(PREFIX);
  return {
    isSealed,
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored, context) {
      if (!isSealed(stored)) return stored;
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretUnreadableError(context);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretUnreadableError(context);
      }
    },
  };
}
