import { STABLE_PAGE_SIZE } from '../../../explorer-sql';

/**
 * The tree's super table list per database (data-explorer.md §2, §9): 8 per page loaded as the list is scrolled
 * (200 ms debounce), or a search by name (at most 100). Pure state and decisions; useStablePaging.ts is the thin
 * React adapter that runs the requests.
 */
export const SCROLL_DEBOUNCE_MS = 200;
/** How close to the bottom (px) a scroll must come to ask for the next page. */
export const NEAR_BOTTOM_PX = 24;

export interface PagingState<T> {
  items: T[];
  /** Pages loaded so far (browsing), 0 before the first. */
  pages: number;
  /** Super tables in the database; null until the first page answered. */
  total: number | null;
  loading: boolean;
  /** The search text; '' = browsing by pages. */
  matcher: string;
  /** A search answer arrived for the current matcher. */
  searched: boolean;
  error: string | null;
  /** Bumped on every reset, so an answer to an older request is dropped. */
  generation: number;
}

export type PagingRequest = { kind: 'page'; offset: number; limit: number; generation: number } | { kind: 'search'; matcher: string; generation: number };

export function initialPaging<T>(): PagingState<T> {
  return { items: [], pages: 0, total: null, loading: false, matcher: '', searched: false, error: null, generation: 0 };
}

/** Whether every super table is loaded (browsing). */
export function complete<T>(s: PagingState<T>): boolean {
  return s.total !== null && s.items.length >= s.total;
}

/** The request to send now, or null (one in flight, all loaded, search answered, or stopped by an error). */
export function nextRequest<T>(s: PagingState<T>): PagingRequest | null {
  if (s.loading || s.error) return null;
  if (s.matcher !== '') return s.searched ? null : { kind: 'search', matcher: s.matcher, generation: s.generation };
  if (complete(s)) return null;
  return { kind: 'page', offset: s.pages * STABLE_PAGE_SIZE, limit: STABLE_PAGE_SIZE, generation: s.generation };
}

export function started<T>(s: PagingState<T>): PagingState<T> {
  return { ...s, loading: true };
}

/** A page answered; answers of an older generation are ignored. */
export function pageLoaded<T>(s: PagingState<T>, request: PagingRequest, items: T[], total: number): PagingState<T> {
  if (request.generation !== s.generation || request.kind !== 'page') return s;
  return { ...s, items: [...s.items, ...items], pages: s.pages + 1, total, loading: false };
}

export function searchLoaded<T>(s: PagingState<T>, request: PagingRequest, items: T[]): PagingState<T> {
  if (request.generation !== s.generation || request.kind !== 'search') return s;
  return { ...s, items, searched: true, loading: false };
}

export function failed<T>(s: PagingState<T>, request: PagingRequest, message: string): PagingState<T> {
  if (request.generation !== s.generation) return s;
  return { ...s, loading: false, error: message };
}

/** A new search text (trimmed): the list starts over; '' goes back to browsing from the first page. */
export function withMatcher<T>(s: PagingState<T>, matcher: string): PagingState<T> {
  const m = matcher.trim();
  if (m === s.matcher) return s;
  return { ...initialPaging<T>(), matcher: m, generation: s.generation + 1 };
}

/** Start over (after a change to the database's super tables), keeping the search text. */
export function reset<T>(s: PagingState<T>): PagingState<T> {
  return { ...initialPaging<T>(), matcher: s.matcher, generation: s.generation + 1 };
}

/** Whether a scroll position is near enough to the bottom to load more. */
export function nearBottom(position: { scrollTop: number; clientHeight: number; scrollHeight: number }, threshold = NEAR_BOTTOM_PX): boolean {
  return position.scrollTop + position.clientHeight >= position.scrollHeight - threshold;
}

/** Clock operations, injectable for tests. */
export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };

/** Trailing debounce: only the last call within `ms` runs. */
export function createDebouncer(ms: number, timers: Timers = realTimers) {
  let handle: unknown = null;
  return {
    call(fn: () => void) {
      if (handle !== null) timers.clear(handle);
      handle = timers.set(() => {
        handle = null;
        fn();
      }, ms);
    },
    cancel() {
      if (handle !== null) timers.clear(handle);
      handle = null;
    },
    get pending() {
      return handle !== null;
    },
  };
}
