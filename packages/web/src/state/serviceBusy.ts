import { createStore, useStore } from './store';

/**
 * The last call the server answered 439 to after every retry (platform-shell.md §8), kept for this page load so
 * the page the user lands on (/alert, when the console could not load) can say what happened (issue 14 item 14).
 */
export interface ServiceBusy {
  /** "GET /api/org" */
  call: string;
  at: number;
}

export const serviceBusy = createStore<ServiceBusy | null>(null);

export function noteRetriesExhausted(call: string): void {
  serviceBusy.set({ call, at: Date.now() });
}

export function useServiceBusy(): ServiceBusy | null {
  return useStore(serviceBusy, (value) => value);
}
