import dayjs from 'dayjs';

/** §9 date format with time: YYYY-MM-DD HH:mm:ss, in the browser's time zone. */
export function formatDateTime(epochMs: number): string {
  return dayjs(epochMs).format('YYYY-MM-DD HH:mm:ss');
}
