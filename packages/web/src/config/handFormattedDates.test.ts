import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { parseSource, webSources, where, type ScannedFile } from '../i18n/scan/sources';

/**
 * One date format everywhere (platform-shell.md §9, data-explorer.md §1): YYYY-MM-DD HH:mm:ss in the edition's
 * zone, through config/format.ts. The browser's own formats (toLocaleString: "11/26/2026, 10:33:34 AM" even in
 * Chinese) and formats written by hand elsewhere fail this scan of web/src.
 */
const BROWSER_FORMATS = new Set(['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'toDateString', 'toTimeString', 'toUTCString', 'toGMTString']);
const DATE_TOKENS = /YYYY|YY|MM|DD|HH|hh|mm|ss/;
const FORMAT_HOME = 'config/format.ts';

/** toISOString where the text is not read as a date by a user, each with why. */
const ISO_ALLOWED: ReadonlyArray<{ path: string; reason: string }> = [
  { path: 'pages/explorer/builder/QueryBuilder.tsx', reason: 'the query state keeps the picked range as ISO text for the SQL it builds' },
  { path: 'pages/explorer/workspace/preview.ts', reason: 'a custom preview range goes into the SQL statement as UTC text' },
];

function handFormattedDates(file: ScannedFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const first = node.arguments[0];
      const receiver = node.expression.expression;
      if (BROWSER_FORMATS.has(method)) found.push(`${where(file, node)} ${method}`);
      else if ((method === 'format' || method === 'formatToParts') && ts.isNewExpression(receiver) && receiver.expression.getText(file.source) === 'Intl.DateTimeFormat') {
        found.push(`${where(file, node)} Intl.DateTimeFormat().${method}`);
      } else if (method === 'toISOString' && !ISO_ALLOWED.some((a) => a.path === file.path)) found.push(`${where(file, node)} toISOString`);
      else if (method === 'toString' && ts.isNewExpression(receiver) && receiver.expression.getText(file.source) === 'Date') {
        found.push(`${where(file, node)} new Date().toString`);
      } else if (method === 'format' && first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) && DATE_TOKENS.test(first.text) && file.path !== FORMAT_HOME) {
        found.push(`${where(file, node)} format('${first.text}')`);
      } else if (method === 'format' && !first && /^dayjs\b/.test(receiver.getText(file.source))) {
        // dayjs's format() without a pattern is ISO 8601 with the offset: "2026-11-26T10:33:34+08:00".
        found.push(`${where(file, node)} dayjs().format()`);
      }
    } else if (ts.isJsxAttribute(node) && ts.isIdentifier(node.name) && node.name.text === 'format' && node.initializer && ts.isStringLiteral(node.initializer)) {
      found.push(`${where(file, node)} format="${node.initializer.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file.source);
  return found;
}

describe('dates are shown through config/format.ts', () => {
  it('finds the browser formats and formats written by hand', () => {
    const fixture = (path: string, text: string) => handFormattedDates({ path, source: parseSource(path, text) });
    const code = `
      const a = new Date(ms).toLocaleString();
      const b = d.toLocaleDateString('zh-CN');
      const c = new Date(ms).toString();
      const e = dayjs(ms).format('MM/DD/YYYY');
      const iso = dayjs(ms).tz(zone).format();
      const f = new Intl.DateTimeFormat('en-US').format(d);
      const g = new Date(ms).toISOString();
      const zoneKnown = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions();
      const ok = [dayjs(ms).format(DATE_FORMAT), formatDateTime(ms), n.toFixed(2), String(ms)];
      const picker = <DatePicker format="YYYY/MM/DD" />;`;
    expect(fixture('pages/x.tsx', code).map((f) => f.replace(/^\S+ /, ''))).toEqual([
      'toLocaleString',
      'toLocaleDateString',
      'new Date().toString',
      "format('MM/DD/YYYY')",
      'dayjs().format()',
      'Intl.DateTimeFormat().format',
      'toISOString',
      'format="YYYY/MM/DD"',
    ]);
    expect(fixture('config/format.ts', "dayjs(ms).format('YYYY-MM-DD')")).toEqual([]);
  });

  it('no file of web/src formats a date itself', () => {
    const files = webSources(['.ts', '.tsx']);
    expect(files.flatMap(handFormattedDates)).toEqual([]);
    expect(ISO_ALLOWED.filter((a) => !files.some((f) => f.path === a.path && f.source.text.includes('toISOString')))).toEqual([]);
  });
});
