import { describe, expect, it } from 'vitest';
import { anyTransitional, listPollDelay, selectionWarning, statusPollDelay, transitionsRestarted } from './polling';

const of = (...statuses: string[]) => statuses.map((cluster_status, i) => ({ id: `i${i}`, cluster_status }));

describe('instance polling rules (§4)', () => {
  it('transitional statuses are the eight of §4; Running, Suspended, Failed are settled', () => {
    for (const s of ['Suspending', 'Starting', 'Ready', 'Warning', 'Stopping', 'Expanding', 'Shrinking', 'Upgrading']) expect(anyTransitional(of(s))).toBe(true);
    expect(anyTransitional(of('Running', 'Suspended', 'Failed', 'Error', 'Deleted'))).toBe(false);
  });

  it('the list refreshes every 15 s while any instance is transitional, at most 20 times, only while visible', () => {
    const instances = of('Running', 'Starting');
    expect(listPollDelay({ instances, pollsDone: 0, pageVisible: true })).toBe(15_000);
    expect(listPollDelay({ instances, pollsDone: 19, pageVisible: true })).toBe(15_000);
    expect(listPollDelay({ instances, pollsDone: 20, pageVisible: true })).toBe(false);
    expect(listPollDelay({ instances, pollsDone: 0, pageVisible: false })).toBe(false);
    expect(listPollDelay({ instances: of('Running', 'Suspended'), pollsDone: 0, pageVisible: true })).toBe(false);
  });

  it('the count restarts when a settled or new instance turns transitional, not while the same wave goes on', () => {
    const before = new Map([['i0', 'Running'], ['i1', 'Starting']]);
    expect(transitionsRestarted(before, of('Running', 'Starting'))).toBe(false);
    expect(transitionsRestarted(before, of('Suspending', 'Starting'))).toBe(true);
    expect(transitionsRestarted(before, of('Running', 'Running', 'Starting'))).toBe(true);
    expect(transitionsRestarted(before, of('Running', 'Running'))).toBe(false);
  });

  it('the current instance status is polled every 10 s while the page is visible', () => {
    expect(statusPollDelay({ instanceId: 'a', pageVisible: true })).toBe(10_000);
    expect(statusPollDelay({ instanceId: 'a', pageVisible: false })).toBe(false);
    expect(statusPollDelay({ instanceId: null, pageVisible: true })).toBe(false);
  });

  it('selecting a Suspended instance warns with its own message, Failed/Error/Warning with the generic one', () => {
    expect(selectionWarning('Suspended')).toBe('suspended');
    for (const s of ['Failed', 'Error', 'Warning']) expect(selectionWarning(s)).toBe('abnormal');
    for (const s of ['Running', 'Starting', 'Ready', 'Suspending']) expect(selectionWarning(s)).toBe(null);
  });
});
