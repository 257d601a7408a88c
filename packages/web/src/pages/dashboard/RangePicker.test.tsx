import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import '../../i18n';
import { fillJsdomGaps } from '../../testing/screenHarness';
import { RangePicker } from './RangePicker';

/** The picker works in the browser's zone; it must show and take the edition's days (UTC in the tests). */
const browserZone = process.env.TZ;
beforeAll(() => {
  fillJsdomGaps();
  process.env.TZ = 'Asia/Tokyo';
});
afterEach(cleanup);
afterAll(() => {
  process.env.TZ = browserZone;
});

describe('dashboard range picker', () => {
  it("shows picked days in the edition's zone, not the browser's", () => {
    // 2026-06-13 00:00 UTC to 2026-06-15 23:59:59.999 UTC: in Tokyo the end is already the 16th.
    render(<RangePicker value={{ days: [Date.UTC(2026, 5, 13), Date.UTC(2026, 5, 16) - 1] }} onChange={() => {}} />);
    expect([...document.querySelectorAll<HTMLInputElement>('.ant-picker input')].map((input) => input.value)).toEqual(['2026-06-13', '2026-06-15']);
  });

  it('a quick range is chosen from the segments', () => {
    const onChange = vi.fn();
    render(<RangePicker value={{ quick: 'hour' }} onChange={onChange} />);
    fireEvent.click(screen.getByText('Last 7 days'));
    expect(onChange).toHaveBeenCalledWith({ quick: 'week' });
  });
});
