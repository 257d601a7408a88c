/**
 * The ticket states of platform-shell.md §4 and the moves between them (docs/support.md "States"). The spec names the
 * states; which moves exist, and who makes them, is our design: staff work an issue (assign, start, ask the customer,
 * finish, abort), the customer's reply to a question brings it back to processing, and either side closes an issue
 * that is over. The server refuses every move this table does not list; the web shows only the moves it lists.
 */
export const TicketState = {
  UNASSIGNED: 'unassigned',
  AWAITING_PROCESSING: 'awaiting_processing',
  AWAITING_RESPONSE: 'awaiting_response',
  PROCESSING: 'processing',
  FINISHED: 'finished',
  ABORTED: 'aborted',
  CLOSED: 'closed',
} as const;
export type TicketStateValue = (typeof TicketState)[keyof typeof TicketState];
export const TICKET_STATES: readonly TicketStateValue[] = Object.values(TicketState);

/** Who makes a move: a member of the organization, or support staff in the desk. */
export type TicketActor = 'customer' | 'staff';

export const TicketAction = {
  /** Staff take an unassigned issue (or give it to a colleague); it then waits for processing. */
  ASSIGN: 'assign',
  START: 'start',
  /** Staff need something from the customer (a reply marked as a request). */
  REQUEST_INFO: 'request_info',
  /** The customer answers a request: automatic on her comment. */
  CUSTOMER_REPLY: 'customer_reply',
  FINISH: 'finish',
  ABORT: 'abort',
  /** A finished issue the customer says is not solved. */
  REOPEN: 'reopen',
  CLOSE: 'close',
} as const;
export type TicketActionValue = (typeof TicketAction)[keyof typeof TicketAction];
export const TICKET_ACTIONS: readonly TicketActionValue[] = Object.values(TicketAction);

const { UNASSIGNED, AWAITING_PROCESSING, AWAITING_RESPONSE, PROCESSING, FINISHED, ABORTED, CLOSED } = TicketState;
const OPEN: readonly TicketStateValue[] = [UNASSIGNED, AWAITING_PROCESSING, PROCESSING, AWAITING_RESPONSE];

interface Move {
  /** The states each side may make the move from; a side not named cannot make it. */
  from: Partial<Record<TicketActor, readonly TicketStateValue[]>>;
  /** The state after the move (assigning an issue already worked on only changes hands). */
  to: (from: TicketStateValue) => TicketStateValue;
}

const MOVES: Record<TicketActionValue, Move> = {
  assign: { from: { staff: OPEN }, to: (from) => (from === UNASSIGNED ? AWAITING_PROCESSING : from) },
  start: { from: { staff: [AWAITING_PROCESSING] }, to: () => PROCESSING },
  request_info: { from: { staff: [AWAITING_PROCESSING, PROCESSING] }, to: () => AWAITING_RESPONSE },
  customer_reply: { from: { customer: [AWAITING_RESPONSE] }, to: () => PROCESSING },
  finish: { from: { staff: [AWAITING_PROCESSING, PROCESSING, AWAITING_RESPONSE] }, to: () => FINISHED },
  abort: { from: { staff: OPEN }, to: () => ABORTED },
  reopen: { from: { customer: [FINISHED] }, to: () => PROCESSING },
  // The customer may withdraw an open issue; staff close only what is over.
  close: { from: { customer: [...OPEN, FINISHED, ABORTED], staff: [FINISHED, ABORTED] }, to: () => CLOSED },
};

/** The state a move leads to, or null when `actor` may not make it from `state`. */
export function nextTicketState(state: TicketStateValue, action: TicketActionValue, actor: TicketActor): TicketStateValue | null {
  const move = MOVES[action];
  return move?.from[actor]?.includes(state) ? move.to(state) : null;
}

/** The moves `actor` may make on an issue in `state` (the buttons the web shows). */
export function allowedTicketActions(state: TicketStateValue, actor: TicketActor): TicketActionValue[] {
  return TICKET_ACTIONS.filter((action) => nextTicketState(state, action, actor) !== null);
}

/** Whether the conversation is still open: comments and edits are refused on a closed issue. */
export function isTicketOpen(state: TicketStateValue): boolean {
  return state !== CLOSED;
}
