import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { MFA_TOKEN_REUSE_MS, RECOVERY_CODE_COUNT } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import type { Clock } from '../../clock';
import { accountTokens, mfaRecoveryCodes, userMfa } from '../../store/schema';
import { hashToken, newOpaqueToken } from '../sessions';
import { matchTotpStep } from './totp';
import { dropExpiredTokens } from '../auth/account-tokens';
import { secondFactorSubject, throttledGuess } from '../auth/attempts';
import type { AppDeps } from '../../deps';
import { secretBox, SecretUnreadableError, type SecretBox, type SecretsSettings } from '../../secrets/secret-box';
import { resealStored } from '../../secrets/reseal';

/**
 * TOTP secrets are encrypted at rest with the deployment's key (secrets/secret-box.ts), bound to their user: both
 * columns (pending and confirmed) use one context, so confirming moves the sealed value over as it is.
 */
export const totpSecretContext = (userId: string): string => `user_mfa:${userId}`;

/** The box TOTP secrets are sealed with. */
export const totpBox = (deps: { config: { secrets: SecretsSettings } }): SecretBox => secretBox(deps.config.secrets);

export interface MfaState {
  enabled: boolean;
  secret: string | null;
  pendingSecret: string | null;
  lastUsedStep: number | null;
  /** When multi-factor was last turned on (epoch ms). */
  enabledAt: number | null;
}

export async function getMfaState(db: Db, userId: string): Promise<MfaState> {
  const rows = await db.select().from(userMfa).where(eq(userMfa.userId, userId)).limit(1);
  const row = rows[0];
  return { enabled: row?.enabled ?? false, secret: row?.secret ?? null, pendingSecret: row?.pendingSecret ?? null, lastUsedStep: row?.lastUsedStep ?? null, enabledAt: row?.enabledAt ?? null };
}

/**
 * Checks a TOTP code against the user's confirmed secret (or, during enrolment, the pending one) and records
 * its time step, atomically, so that the same code is accepted once even across server processes.
 */
export async function consumeTotp(db: Db, clock: Clock, box: SecretBox, userId: string, code: string, which: 'secret' | 'pending' = 'secret'): Promise<boolean> {
  const state = await getMfaState(db, userId);
  const stored = which === 'secret' ? state.secret : state.pendingSecret;
  if (!stored) return false;
  let secret: string;
  try {
    secret = box.open(stored, totpSecretContext(userId));
  } catch (error) {
    // sealed with another key: no code can match (recovery codes still work); reported at start-up
    if (error instanceof SecretUnreadableError) return false;
    throw error;
  }
  const step = matchTotpStep(secret, code, clock.now());
  if (step === null) return false;
  const rows = await db
    .update(userMfa)
    .set({ lastUsedStep: step })
    .where(and(eq(userMfa.userId, userId), or(isNull(userMfa.lastUsedStep), lt(userMfa.lastUsedStep, step))))
    .returning({ userId: userMfa.userId });
  return rows.length > 0;
}

/** Recovery codes look like `k3j9d-q8x2m`; they are compared case- and dash-insensitively. */
function normalizeRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace(/[^a-z0-9]/g, '');
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Replaces the user's recovery codes with RECOVERY_CODE_COUNT new ones and returns them in clear, once. */
export async function issueRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deleteRecoveryCodes(db, userId);
  await db.insert(mfaRecoveryCodes).values(codes.map((c) => ({ id: randomUUID(), userId, codeHash: hashToken(normalizeRecoveryCode(c)) })));
  return codes;
}

export async function deleteRecoveryCodes(db: Db, userId: string): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}

/** Uses up one recovery code; false when unknown or already used. */
export async function consumeRecoveryCode(db: Db, clock: Clock, userId: string, code: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (!normalized) return false;
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: clock.now() })
    .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, hashToken(normalized)), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodes(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return Number(rows[0]?.n ?? 0);
}

/** A TOTP code, or failing that a one-time recovery code. */
export async function consumeSecondFactor(db: Db, clock: Clock, box: SecretBox, userId: string, code: string): Promise<boolean> {
  if (/^\d{6}$/.test(code.trim())) return consumeTotp(db, clock, box, userId, code.trim());
  return consumeRecoveryCode(db, clock, userId, code);
}

/** A TOTP or recovery code, under the sign-in throttle (one subject per user for every second-factor guess). */
export async function consumeSecondFactorThrottled(deps: AppDeps, userId: string, address: string, code: string): Promise<boolean> {
  const guess = { subject: secondFactorSubject(userId), address };
  return throttledGuess(deps.store.db, deps.clock, guess, () => consumeSecondFactor(deps.store.db, deps.clock, totpBox(deps), userId, code));
}

/** A Verify-Token for protected operations, reusable for MFA_TOKEN_REUSE_MS. */
export async function issueVerifyToken(db: Db, clock: Clock, userId: string): Promise<{ verifyToken: string; expiresAt: number }> {
  const { token, hash } = newOpaqueToken();
  const now = clock.now();
  const expiresAt = now + MFA_TOKEN_REUSE_MS;
  await dropExpiredTokens(db, userId, 'verify', now);
  await db.insert(accountTokens).values({ tokenHash: hash, purpose: 'verify', userId, createdAt: now, expiresAt });
  return { verifyToken: token, expiresAt };
}

/**
 * Whether the Verify-Token is live. With multi-factor on, pass its `enabledAt`: a token issued before (with the
 * password alone) does not count, since only a second factor buys one while multi-factor is on.
 */
export async function isVerifyTokenValid(db: Db, clock: Clock, userId: string, token: string, issuedSince: number | null = null): Promise<boolean> {
  const rows = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, 'verify'),
        eq(accountTokens.userId, userId),
        gt(accountTokens.expiresAt, clock.now()),
        issuedSince === null ? undefined : gte(accountTokens.createdAt, issuedSince),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Ends the user's Verify-Tokens (multi-factor was just turned on: those were bought without it). */
export async function dropVerifyTokens(db: Db, userId: string): Promise<void> {
  await db.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'verify')));
}

/**
 * Seals the TOTP secrets stored before encryption at rest, or sealed with a previous key (key rotation), with the
 * current key (a row is updated only while it still holds the value read, so concurrent starts do not seal twice).
 * Answers how many values were sealed and how many sealed ones no key of this server can open.
 */
export async function sealStoredTotpSecrets(db: Db, box: SecretBox): Promise<{ sealed: number; unreadable: number }> {
  const rows = await db.select({ userId: userMfa.userId, secret: userMfa.secret, pendingSecret: userMfa.pendingSecret }).from(userMfa);
  const stored = rows.flatMap((row) =>
    (['secret', 'pendingSecret'] as const).flatMap((column) => {
      const value = row[column];
      if (value === null) return [];
      return [
        {
          value,
          context: totpSecretContext(row.userId),
          replace: async (sealed: string) =>
            (
              await db
                .update(userMfa)
                .set({ [column]: sealed })
                .where(and(eq(userMfa.userId, row.userId), eq(userMfa[column], value)))
                .returning({ userId: userMfa.userId })
            ).length > 0,
        },
      ];
    }),
  );
  return resealStored(box, stored);
}
