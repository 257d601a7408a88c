import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { boxWithKey, loadSecretsSettings, secretBox, SecretUnreadableError } from '../../src/secrets/secret-box';

/** Secrets at rest: AES-256-GCM with SECRETS_KEY or a key created once under the data directory. */
const dir = mkdtempSync(join(tmpdir(), 'tscloud-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('secret box', () => {
  const key = randomBytes(32);
  const box = boxWithKey(key);

  it('seals to a different text each time and opens to the plain text', () => {
    const a = box.seal('s3cr3t~value', 'ctx');
    const b = box.seal('s3cr3t~value', 'ctx');
    expect(a).not.toBe(b);
    expect(a).not.toContain('s3cr3t');
    expect(box.isSealed(a)).toBe(true);
    expect(box.open(a, 'ctx')).toBe('s3cr3t~value');
    expect(box.open(b, 'ctx')).toBe('s3cr3t~value');
  });

  it('reads a value written before encryption as is', () => {
    expect(box.isSealed('plain')).toBe(false);
    expect(box.open('plain', 'ctx')).toBe('plain');
  });

  it('refuses another key, another context and an altered value', () => {
    const sealed = box.seal('s3cr3t', 'ctx');
    expect(() => boxWithKey(randomBytes(32)).open(sealed, 'ctx')).toThrow(SecretUnreadableError);
    expect(() => box.open(sealed, 'other')).toThrow(SecretUnreadableError);
    const body = Buffer.from(sealed.slice(5), 'base64url');
    body[body.length - 1] ^= 1;
    expect(() => box.open(`enc1:${body.toString('base64url')}`, 'ctx')).toThrow(SecretUnreadableError);
    expect(() => box.open('enc1:abc', 'ctx')).toThrow(SecretUnreadableError);
  });

  it('takes SECRETS_KEY as 64 hex digits or base64, and refuses another length', () => {
    const sealed = box.seal('x', 'ctx');
    const hex = secretBox(loadSecretsSettings({ SECRETS_KEY: key.toString('hex') }, dir));
    const b64 = secretBox(loadSecretsSettings({ SECRETS_KEY: key.toString('base64') }, dir));
    expect(hex.open(sealed, 'ctx')).toBe('x');
    expect(b64.open(sealed, 'ctx')).toBe('x');
    expect(() => secretBox(loadSecretsSettings({ SECRETS_KEY: 'short' }, dir))).toThrow(/SECRETS_KEY must be 32 bytes/);
  });

  it('without SECRETS_KEY, creates a key file once (0600) and keeps using it', () => {
    const settings = loadSecretsSettings({}, join(dir, 'data'));
    const sealed = secretBox(settings).seal('kept', 'ctx');
    const file = join(dir, 'data', 'keys', 'secrets.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const keyText = readFileSync(file, 'utf8');
    // A new process (no cached box) reads the same file.
    expect(boxWithKey(Buffer.from(keyText, 'base64url')).open(sealed, 'ctx')).toBe('kept');
  });

  it('reads SECRETS_KEY_FILE (a key kept outside DATA_DIR), and never creates it', () => {
    const file = join(dir, 'mounted.key');
    writeFileSync(file, `${key.toString('base64')}\n`);
    const sealed = box.seal('x', 'ctx');
    const fromFile = secretBox(loadSecretsSettings({ SECRETS_KEY_FILE: file }, join(dir, 'data2')));
    expect(fromFile.open(sealed, 'ctx')).toBe('x');
    expect(existsSync(join(dir, 'data2', 'keys', 'secrets.key'))).toBe(false);
    expect(() => secretBox(loadSecretsSettings({ SECRETS_KEY_FILE: join(dir, 'missing.key') }, dir))).toThrow(/SECRETS_KEY_FILE .*missing\.key cannot be read/);
  });

  it('rotates: opens with SECRETS_KEY_PREVIOUS, seals with SECRETS_KEY, and tells what a start step must do', () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const byOld = boxWithKey(oldKey).seal('rotated', 'ctx');
    const rotating = secretBox(loadSecretsSettings({ SECRETS_KEY: newKey.toString('hex'), SECRETS_KEY_PREVIOUS: `${randomBytes(32).toString('hex')}, ${oldKey.toString('hex')}` }, dir));
    expect(rotating.open(byOld, 'ctx')).toBe('rotated');
    const resealed = rotating.reseal(byOld, 'ctx');
    expect(resealed.kind).toBe('replace');
    const value = (resealed as { value: string }).value;
    expect(boxWithKey(newKey).open(value, 'ctx')).toBe('rotated');
    expect(() => boxWithKey(oldKey).open(value, 'ctx')).toThrow(SecretUnreadableError);
    expect(rotating.reseal(value, 'ctx')).toEqual({ kind: 'current' });
    expect(rotating.reseal('never sealed', 'ctx').kind).toBe('replace');
    expect(rotating.reseal(boxWithKey(randomBytes(32)).seal('lost', 'ctx'), 'ctx')).toEqual({ kind: 'unreadable' });
    expect(() => secretBox(loadSecretsSettings({ SECRETS_KEY: newKey.toString('hex'), SECRETS_KEY_PREVIOUS: 'short' }, dir))).toThrow(/SECRETS_KEY_PREVIOUS \(key 1\) must be 32 bytes/);
  });
});
