import { useSyncExternalStore } from 'react';
import { savedTimeZone, saveTimeZone } from './timeZone';

/**
 * The zone every result tab shows times in: one choice for the console, kept in local storage (read there each
 * time, so it is the one source), so switching it in one tab changes all of them.
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setResultTimeZone(zone: string): void {
  saveTimeZone(zone);
  for (const listener of listeners) listener();
}

export function useResultTimeZone(): [string, (zone: string) => void] {
  return [useSyncExternalStore(subscribe, () => savedTimeZone()), setResultTimeZone];
}
