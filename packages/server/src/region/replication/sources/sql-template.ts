/**
 * The ${start}/${end} placeholders of a SQL source's template (data-in.md §5), filled for one window [start, end):
 * ${start} is the UTC time with its offset, ${start_no_tz} the same without it (the session runs in UTC), and
 * ${start_date} the UTC day. A placeholder the user already quoted ('${start}') is filled without our quotes.
 */
export type SqlDialect = 'postgres' | 'mysql';

function formats(ms: number, dialect: SqlDialect): Record<'' | '_no_tz' | '_date', string> {
  const iso = new Date(ms).toISOString(); // 2026-01-01T00:00:00.000Z
  const noTz = iso.slice(0, 23).replace('T', ' ');
  // MySQL and MariaDB read no offset in a datetime literal; their session time zone is set to UTC instead.
  return { '': dialect === 'postgres' ? `${noTz}+00:00` : noTz, _no_tz: noTz, _date: iso.slice(0, 10) };
}

export function fillTemplate(template: string, startMs: number, endMs: number, dialect: SqlDialect): string {
  const bounds = { start: formats(startMs, dialect), end: formats(endMs, dialect) };
  return template.replace(/(['"]?)\$\{(start|end)(_no_tz|_date)?\}\1/g, (_all, quote: string, which: 'start' | 'end', variant?: '_no_tz' | '_date') => {
    const value = bounds[which][variant ?? ''];
    return quote ? `${quote}${value}${quote}` : `'${value}'`;
  });
}
