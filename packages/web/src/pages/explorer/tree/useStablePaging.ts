import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchStablePage, searchStables, type StableItem } from '../../../data/explorer/stables';
import { failureText } from '../../../data/sql/run';
import type { InstanceRef } from '../../../data/instances/control';
import { createDebouncer, failed, initialPaging, nearBottom, nextRequest, pageLoaded, reset, searchLoaded, started, withMatcher, SCROLL_DEBOUNCE_MS, type PagingState } from './paging';

/**
 * The React side of paging.ts: runs the request paging.ts asks for, feeds the answer back, and turns scroll and
 * search input into state changes (both debounced 200 ms).
 */
export function useStablePaging(instance: InstanceRef, db: string, loadPage = fetchStablePage, search = searchStables) {
  const [state, setState] = useState<PagingState<StableItem>>(() => initialPaging<StableItem>());
  const stateRef = useRef(state);
  stateRef.current = state;
  const scroll = useMemo(() => createDebouncer(SCROLL_DEBOUNCE_MS), []);
  const typing = useMemo(() => createDebouncer(SCROLL_DEBOUNCE_MS), []);

  const pump = useCallback(() => {
    const request = nextRequest(stateRef.current);
    if (!request) return;
    setState((s) => started(s));
    stateRef.current = started(stateRef.current);
    const done = (next: (s: PagingState<StableItem>) => PagingState<StableItem>) => setState((s) => next(s));
    if (request.kind === 'page') {
      loadPage(instance, db, request.offset, request.limit).then(
        ({ items, total }) => done((s) => pageLoaded(s, request, items, total)),
        (e: unknown) => done((s) => failed(s, request, failureText(e))),
      );
    } else {
      search(instance, db, request.matcher).then(
        (items) => done((s) => searchLoaded(s, request, items)),
        (e: unknown) => done((s) => failed(s, request, failureText(e))),
      );
    }
  }, [instance, db, loadPage, search]);

  // The first page, and a search as soon as its text settles.
  useEffect(() => {
    if (state.pages === 0 && !state.loading && !state.error && (state.matcher === '' ? state.total === null : !state.searched)) pump();
  }, [state, pump]);

  useEffect(() => () => {
    scroll.cancel();
    typing.cancel();
  }, [scroll, typing]);

  const onScroll = useCallback(
    (event: { currentTarget: { scrollTop: number; clientHeight: number; scrollHeight: number } }) => {
      const position = { scrollTop: event.currentTarget.scrollTop, clientHeight: event.currentTarget.clientHeight, scrollHeight: event.currentTarget.scrollHeight };
      scroll.call(() => {
        if (nearBottom(position)) pump();
      });
    },
    [scroll, pump],
  );

  const setMatcher = useCallback((text: string) => typing.call(() => setState((s) => withMatcher(s, text))), [typing]);
  const reload = useCallback(() => setState((s) => reset(s)), []);
  const loadMore = useCallback(() => pump(), [pump]);

  return { state, onScroll, setMatcher, reload, loadMore };
}
