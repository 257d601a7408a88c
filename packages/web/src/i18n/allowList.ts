/**
 * The real exceptions of the catalogue tests (i18n.test.ts, visibleText.test.ts): texts that read the same in every
 * language. Each entry says why; an entry nothing needs any more fails the test, so the list stays short.
 */
export interface AllowedText {
  text: string;
  reason: string;
}

/** Chinese catalogue values without a Chinese character (names, units, codes). */
export const UNTRANSLATED_ZH: readonly AllowedText[] = [
  { text: 'tscloud', reason: 'product name' },
  { text: 'ts', reason: 'product short name (the collapsed side menu)' },
  { text: 'English', reason: 'a language is named in its own language on the language switch' },
  { text: 'SQL', reason: 'name of the query language' },
  { text: 'CSV', reason: 'file format name' },
  { text: 'Parquet', reason: 'file format name' },
  { text: 'JSON Lines（.jsonl）', reason: 'file format name and extension' },
  { text: 'KB', reason: 'size unit' },
  { text: 'MB', reason: 'size unit' },
  { text: 'OPC UA', reason: 'industrial protocol name (a point file\'s driver)' },
  { text: 'OPC DA', reason: 'industrial protocol name (a point file\'s driver)' },
  { text: 'k', reason: 'parameter name of a SQL function (TOP, BOTTOM …), as written in SQL' },
  { text: 'p（0-100）', reason: 'parameter name of a SQL function (PERCENTILE), as written in SQL, and its range' },
  { text: 'offset（0-100）', reason: 'parameter name of a SQL function, as written in SQL, and its range' },
];

/** Texts written into screens (JSX text, visible props) on purpose. */
export const VISIBLE_IN_SOURCE: readonly AllowedText[] = [
  { text: 'AND', reason: 'SQL keyword (filter connector, as written in SQL)' },
  { text: 'OR', reason: 'SQL keyword (filter connector, as written in SQL)' },
  { text: 'tbname', reason: 'TDengine pseudo-column, as written in SQL' },
  { text: 'power', reason: 'example database name in a placeholder, typed in SQL' },
  { text: 'meters', reason: 'example super table name in a placeholder, typed in SQL' },
  { text: 'voltage', reason: 'example column name in a placeholder, typed in SQL' },
  { text: 'avg_voltage', reason: 'example output column name in a placeholder, typed in SQL' },
  { text: 'meters_topic', reason: 'example topic name in a placeholder, typed in SQL' },
  { text: 'SELECT ts, current FROM meters WHERE voltage > 200', reason: 'example SQL in a placeholder' },
  { text: "location = 'office'", reason: 'example SQL condition in a placeholder' },
  { text: 'contoso.com', reason: 'example domain name in a placeholder (Microsoft\'s documentation domain)' },
  { text: 'WebSocket (websocat)', reason: 'tool and protocol name (a topic consumer example tab)' },
  { text: 'Node.js', reason: 'programming language name (a topic consumer example tab)' },
  { text: 'Python', reason: 'programming language name (a topic consumer example tab)' },
  { text: 'Go', reason: 'programming language name (a topic consumer example tab)' },
  { text: 'Java', reason: 'programming language name (a topic consumer example tab)' },
  { text: '(?<device>[a-z0-9]+):(?<temp>[0-9.]+)', reason: 'example regular expression in a placeholder (data-in transform parser)' },
  { text: 'data.temp', reason: 'example extract path in a placeholder (data-in transform rule)' },
  { text: 'd_${device}', reason: 'example child-table name expression in a placeholder (data-in mapping)' },
  { text: '-10d', reason: 'example relative time in a placeholder (ten days back, as the data-in definitions write it)' },
];

/** English catalogue values with a Chinese character. */
export const CHINESE_IN_EN: readonly AllowedText[] = [{ text: '中文', reason: 'a language is named in its own language on the language switch' }];

/** Folders of web/src the visible-text scan leaves out. */
export const UNSCANNED_FOLDERS: readonly AllowedText[] = [
  { text: 'testing/', reason: 'test support (fake server answers, screen harness), never shown to users' },
];
