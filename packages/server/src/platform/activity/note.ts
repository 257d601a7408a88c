import type { FastifyRequest } from 'fastify';
import type { SignInOperation } from '@tscloud/contracts';

/** What a handler tells the activity recorder about its request, beyond what the route's policy says. */
export interface ActivityNote {
  /** What the change acted on: a member's e-mail, an allowed IP, a group or role name. */
  target?: string;
  /** A sign-in event: the account it is about, recorded into each organization the account is an active member of. */
  account?: { userId: string; email: string; operation: SignInOperation };
}

declare module 'fastify' {
  interface FastifyRequest {
    activityNote: ActivityNote | null;
  }
}

/** Names the target of this request's activity entry (the recorder writes it with the entry). */
export function noteActivityTarget(request: FastifyRequest, target: string): void {
  request.activityNote = { ...request.activityNote, target };
}

/**
 * Marks this request as a sign-in event of an account, once the account is known (so a wrong password of a known
 * account is recorded as a failure, an unknown address nowhere: it belongs to no organization).
 */
export function noteSignInEvent(request: FastifyRequest, account: { id: string; email: string }, operation: SignInOperation): void {
  request.activityNote = { ...request.activityNote, account: { userId: account.id, email: account.email, operation } };
}
