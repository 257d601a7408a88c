import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../store/database';
import type { Clock } from '../../clock';
import { hashToken } from '../sessions/tokens';
import { newPkce, randomValue } from './oidc';
import { ssoFlows, type SsoFlowKind, type SsoFlowPurpose, type SsoFlowRow } from './tables';

/** How long the browser may take at the identity provider before coming back. */
export const SSO_FLOW_TTL_MS = 10 * 60 * 1000;

export interface NewFlow {
  kind: SsoFlowKind;
  connection: string;
  purpose: SsoFlowPurpose;
  settingId?: string | null;
  userId?: string | null;
  redirect?: string | null;
}

/** A console path to return to: only local absolute paths (no scheme, no protocol-relative //host). */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

/** Records a flow; answers the state, nonce and PKCE challenge to put into the authorization request. */
export async function startFlow(db: Db, clock: Clock, flow: NewFlow): Promise<{ state: string; nonce: string; codeChallenge: string }> {
  const now = clock.now();
  const state = randomValue();
  const nonce = randomValue();
  const pkce = newPkce();
  // Flows nobody finished are of no further use.
  await db.delete(ssoFlows).where(lte(ssoFlows.expiresAt, now));
  await db.insert(ssoFlows).values({
    stateHash: hashToken(state),
    kind: flow.kind,
    connection: flow.connection,
    purpose: flow.purpose,
    settingId: flow.settingId ?? null,
    userId: flow.userId ?? null,
    nonce,
    codeVerifier: pkce.verifier,
    redirect: safeRedirectPath(flow.redirect),
    createdAt: now,
    expiresAt: now + SSO_FLOW_TTL_MS,
  });
  return { state, nonce, codeChallenge: pkce.challenge };
}

/** Takes a flow by its state, once: a second use, an unknown or an expired state answers null. */
export async function consumeFlow(db: Db, clock: Clock, state: string): Promise<SsoFlowRow | null> {
  const now = clock.now();
  const rows = await db
    .update(ssoFlows)
    .set({ usedAt: now })
    .where(and(eq(ssoFlows.stateHash, hashToken(state)), isNull(ssoFlows.usedAt), gt(ssoFlows.expiresAt, now)))
    .returning();
  return rows[0] ?? null;
}
