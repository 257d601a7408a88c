import { describe, expect, it } from 'vitest';
import { createDebouncer, failed, initialPaging, nearBottom, nextRequest, pageLoaded, reset, searchLoaded, started, withMatcher, type Timers } from './paging';

describe('super table paging', () => {
  it('asks for 8 at a time until the total is loaded', () => {
    let s = initialPaging<string>();
    const r1 = nextRequest(s)!;
    expect(r1).toEqual({ kind: 'page', offset: 0, limit: 8, generation: 0 });
    s = started(s);
    expect(nextRequest(s)).toBeNull();
    s = pageLoaded(s, r1, ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], 10);
    const r2 = nextRequest(s)!;
    expect(r2).toMatchObject({ kind: 'page', offset: 8, limit: 8 });
    s = pageLoaded(started(s), r2, ['i', 'j'], 10);
    expect(s.items).toHaveLength(10);
    expect(nextRequest(s)).toBeNull();
  });

  it('a search replaces the list, is asked once, and an older answer is dropped', () => {
    let s = pageLoaded(started(initialPaging<string>()), nextRequest(initialPaging<string>())!, ['a'], 20);
    const oldPage = nextRequest(s)!;
    s = withMatcher(s, '  met ');
    expect(s).toMatchObject({ items: [], matcher: 'met', generation: 1 });
    const search = nextRequest(s)!;
    expect(search).toEqual({ kind: 'search', matcher: 'met', generation: 1 });
    s = pageLoaded(started(s), oldPage, ['stale'], 20);
    expect(s.items).toEqual([]);
    s = searchLoaded(s, search, ['meters']);
    expect(s.items).toEqual(['meters']);
    expect(nextRequest(s)).toBeNull();
    s = withMatcher(s, '');
    expect(nextRequest(s)).toMatchObject({ kind: 'page', offset: 0 });
  });

  it('stops on an error until reset, keeping the search text', () => {
    let s = withMatcher(initialPaging<string>(), 'x');
    const r = nextRequest(s)!;
    s = failed(started(s), r, 'Database not exist');
    expect(s.error).toBe('Database not exist');
    expect(nextRequest(s)).toBeNull();
    s = reset(s);
    expect(nextRequest(s)).toMatchObject({ kind: 'search', matcher: 'x' });
  });

  it('near the bottom within 24 px', () => {
    expect(nearBottom({ scrollTop: 76, clientHeight: 100, scrollHeight: 200 })).toBe(true);
    expect(nearBottom({ scrollTop: 70, clientHeight: 100, scrollHeight: 200 })).toBe(false);
  });

  it('the debouncer runs only the last call, 200 ms after it', () => {
    const queue: { fn: () => void; at: number; id: number }[] = [];
    let now = 0;
    let id = 0;
    const timers: Timers = {
      set: (fn, ms) => {
        queue.push({ fn, at: now + ms, id: ++id });
        return id;
      },
      clear: (h) => queue.splice(queue.findIndex((q) => q.id === h), 1),
    };
    const advance = (ms: number) => {
      now += ms;
      for (const q of [...queue].filter((q) => q.at <= now)) {
        queue.splice(queue.indexOf(q), 1);
        q.fn();
      }
    };
    const runs: number[] = [];
    const d = createDebouncer(200, timers);
    d.call(() => runs.push(1));
    advance(150);
    d.call(() => runs.push(2));
    advance(199);
    expect(runs).toEqual([]);
    advance(1);
    expect(runs).toEqual([2]);
    expect(d.pending).toBe(false);
  });
});
