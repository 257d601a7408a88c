import { describe, expect, it } from 'vitest';
import {
  allowedTicketActions,
  nextTicketState,
  TICKET_ACTIONS,
  TICKET_STATES,
  ticketCreateSchema,
  type TicketActionValue,
  type TicketActor,
  type TicketStateValue,
} from '../../src';

/**
 * Every allowed move, written out by hand as docs/support.md "States" lists it: [from, action, actor, to]. Every
 * triple not listed here must be refused.
 */
const ALLOWED: Array<[TicketStateValue, TicketActionValue, TicketActor, TicketStateValue]> = [
  ['unassigned', 'assign', 'staff', 'awaiting_processing'],
  ['awaiting_processing', 'assign', 'staff', 'awaiting_processing'],
  ['processing', 'assign', 'staff', 'processing'],
  ['awaiting_response', 'assign', 'staff', 'awaiting_response'],
  ['awaiting_processing', 'start', 'staff', 'processing'],
  ['awaiting_processing', 'request_info', 'staff', 'awaiting_response'],
  ['processing', 'request_info', 'staff', 'awaiting_response'],
  ['awaiting_response', 'customer_reply', 'customer', 'processing'],
  ['awaiting_processing', 'finish', 'staff', 'finished'],
  ['processing', 'finish', 'staff', 'finished'],
  ['awaiting_response', 'finish', 'staff', 'finished'],
  ['unassigned', 'abort', 'staff', 'aborted'],
  ['awaiting_processing', 'abort', 'staff', 'aborted'],
  ['processing', 'abort', 'staff', 'aborted'],
  ['awaiting_response', 'abort', 'staff', 'aborted'],
  ['finished', 'reopen', 'customer', 'processing'],
  ['unassigned', 'close', 'customer', 'closed'],
  ['awaiting_processing', 'close', 'customer', 'closed'],
  ['processing', 'close', 'customer', 'closed'],
  ['awaiting_response', 'close', 'customer', 'closed'],
  ['finished', 'close', 'customer', 'closed'],
  ['aborted', 'close', 'customer', 'closed'],
  ['finished', 'close', 'staff', 'closed'],
  ['aborted', 'close', 'staff', 'closed'],
];

describe('ticket state machine', () => {
  const key = (from: string, action: string, actor: string) => `${from} ${action} ${actor}`;
  const allowed = new Map(ALLOWED.map(([from, action, actor, to]) => [key(from, action, actor), to]));

  for (const from of TICKET_STATES) {
    for (const action of TICKET_ACTIONS) {
      for (const actor of ['customer', 'staff'] as const) {
        const expected = allowed.get(key(from, action, actor)) ?? null;
        it(`${actor} ${action} from ${from}: ${expected ?? 'refused'}`, () => {
          expect(nextTicketState(from, action, actor)).toBe(expected);
        });
      }
    }
  }

  it('lists for each side exactly the moves it may make', () => {
    expect(allowedTicketActions('awaiting_response', 'customer')).toEqual(['customer_reply', 'close']);
    expect(allowedTicketActions('processing', 'staff')).toEqual(['assign', 'request_info', 'finish', 'abort']);
    expect(allowedTicketActions('closed', 'staff')).toEqual([]);
    expect(allowedTicketActions('closed', 'customer')).toEqual([]);
  });
});

describe('ticket create rules', () => {
  const valid = { title: 'Writes time out', description: 'Since **Monday**', type: 1, product: 'console' as const };
  const messageOf = (value: unknown) => {
    const result = ticketCreateSchema.safeParse(value);
    return result.success ? null : result.error.issues[0].message;
  };

  it('takes a title of 3 to 255 characters, trimmed (§5)', () => {
    expect(messageOf({ ...valid, title: 'ab' })).toBe('support.titleLength');
    expect(messageOf({ ...valid, title: '  ab  ' })).toBe('support.titleLength');
    expect(messageOf({ ...valid, title: 'abc' })).toBeNull();
    expect(messageOf({ ...valid, title: 'x'.repeat(255) })).toBeNull();
    expect(messageOf({ ...valid, title: 'x'.repeat(256) })).toBe('support.titleLength');
  });

  it('needs a description of at most 9999 characters, an instance for an instance issue, an address for progress mails', () => {
    expect(messageOf({ ...valid, description: '   ' })).toBe('validation.required');
    expect(messageOf({ ...valid, description: 'x'.repeat(9999) })).toBeNull();
    expect(messageOf({ ...valid, description: 'x'.repeat(10_000) })).toBe('support.markdownLength');
    expect(messageOf({ ...valid, product: 'instance' })).toBe('support.instanceRequired');
    expect(messageOf({ ...valid, product: 'instance', instance_id: 'i-1' })).toBeNull();
    expect(messageOf({ ...valid, notify_on_progress: true })).toBe('support.notifyEmailRequired');
    expect(messageOf({ ...valid, notify_on_progress: true, notify_email: 'not-an-address' })).toBe('validation.email');
    expect(messageOf({ ...valid, notify_on_progress: true, notify_email: 'ops@example.com' })).toBeNull();
    expect(messageOf({ ...valid, attachments: ['../../etc/passwd'] })).toBe('support.attachmentUnknown');
  });
});
