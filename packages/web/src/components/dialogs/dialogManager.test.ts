import { describe, expect, it } from 'vitest';
import { renderHook, act } from '@testing-library/react';
import { closeDialog, openDialog, useCurrentDialog } from './dialogManager';

describe('dialog manager', () => {
  it('keeps one dialog at a time: a new one replaces the open one', () => {
    const { result } = renderHook(() => useCurrentDialog());
    let closeFirst = () => {};
    act(() => {
      closeFirst = openDialog(() => 'first');
    });
    expect(result.current?.render(() => {})).toBe('first');
    act(() => {
      openDialog(() => 'second');
    });
    expect(result.current?.render(() => {})).toBe('second');
    act(() => closeFirst());
    expect(result.current?.render(() => {})).toBe('second');
    act(() => closeDialog());
    expect(result.current).toBeNull();
  });
});
