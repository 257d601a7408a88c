/** Keywords with a meaning inside expressions. */

/**
 * Keywords that are function names when followed by `(` (TDengine's noarg_func / star_func / special
 * functions); any non-reserved word followed by `(` is a function call too.
 */
export const KEYWORD_FUNCTIONS = new Set([
  'COUNT',
  'FIRST',
  'LAST',
  'LAST_ROW',
  'TIMEZONE',
  'DATABASE',
  'CLIENT_VERSION',
  'SERVER_VERSION',
  'SERVER_STATUS',
  'CURRENT_USER',
  'USER',
  'PI',
  'RAND',
  'REPLACE',
  'SUBSTR',
  'SUBSTRING',
  'TRIM',
  'POSITION',
  'COLS',
  'IF',
]);

/** Pseudo columns are keywords in TDengine; in the AST they are column references by name. */
export const PSEUDO_COLUMNS = new Set([
  'TBNAME',
  '_ROWTS',
  '_C0',
  '_QSTART',
  '_QEND',
  '_QDURATION',
  '_WSTART',
  '_WEND',
  '_WDURATION',
  '_IROWTS',
  '_IROWTS_ORIGIN',
  '_ISFILLED',
  '_TAGS',
]);
