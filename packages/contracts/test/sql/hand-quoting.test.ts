import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No SQL text is quoted by hand (issue 24 §1): literals and names of engine SQL come from `@tscloud/contracts/sql`
 * only. The sources of every package are scanned for the ways quoting used to be written; a hit fails the build.
 */
const ROOT = path.resolve(__dirname, '../../..');
const SOURCES = ['contracts/src', 'engine/src', 'server/src', 'web/src'];

/** Hand-made quoting, as it was written before the one module. */
const PATTERNS: Array<{ name: string; pattern: RegExp }> = [
  // .replace(/'/g, …), .replace(/[\\'"]/g, …), .replace(/`/g, …), .replace(/\\/g, …), replaceAll("'", …)
  { name: 'replacing quotes or backslashes', pattern: /\.replace(?:All)?\(\s*(?:\/(?:[^/\n\\]|\\.)*(?:['"`]|\\\\)(?:[^/\n\\]|\\.)*\/[a-z]*|(['"`])(?:\\?['"`]|\\\\)\1)\s*,/ },
  // `… \`${name}\` …`: a name put in backquotes by hand
  { name: 'a name in hand-written backquotes', pattern: /\\`\$\{/ },
  // `… WHERE x = '${value}'`, `TAGS ('${v}')`, `COMMENT '${c}'`: a literal put in quotes by hand
  {
    name: 'a literal in hand-written quotes',
    pattern: /(?:=|<>|,|\bLIKE|\bCOMMENT|\bTAGS\s*\(|\bVALUES\s*\(|\bIN\s*\(|\bENCODE|\bCOMPRESS|\bLEVEL|\bCACHEMODEL|\bPRECISION|\bCONTAINS|\bMATCH)\s*'\$\{/i,
  },
];

/** Files that may quote by hand, and why. */
const ALLOWED: Record<string, string> = {
  'contracts/src/sql/literals.ts': 'the one module of TDengine SQL quoting',
  'engine/src/storage/names.ts': "the one module of DuckDB SQL quoting (another dialect: no backslash escapes)",
  'engine/src/query/system/like.ts': 'escapes regular expression characters, not SQL',
  'contracts/src/validation/patterns.ts': 'escapes regular expression characters, not SQL',
  'server/src/store/contains-pattern.ts': 'the one ILIKE pattern for PostgreSQL (the lists\' search boxes), sent as a bound parameter',
  'server/src/platform/support/file-names.ts': 'names of uploaded files for display and Content-Disposition, not SQL',
  'contracts/src/csv.ts': 'CSV fields (RFC 4180), not SQL',
  'web/src/pages/topics/consumerSnippets.ts': 'JSON inside a shell snippet, not SQL',
  'server/src/store/migrate.ts': "PostgreSQL's migration bookkeeping, with the migration file's own version",
  'contracts/src/datain/rules.ts': 'the names of the SQL-template placeholders (data-in.md §5) as plain strings, not quoting',
  'server/src/region/replication/sources/sql-template.ts': "fills the server's own timestamps into a PostgreSQL or MySQL source's template, not TDengine SQL",
  'server/src/region/replication/transform/filter.ts': "unescapes a text of the transform's filter expressions, not SQL",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `file:line: pattern name: text` for every hit outside the allowed files. */
export function handQuoting(): string[] {
  const hits: string[] = [];
  for (const source of SOURCES) {
    for (const file of sourceFiles(path.join(ROOT, source))) {
      const relative = path.relative(ROOT, file).split(path.sep).join('/');
      if (ALLOWED[relative]) continue;
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const { name, pattern } of PATTERNS) if (pattern.test(line)) hits.push(`${relative}:${i + 1}: ${name}: ${line.trim()}`);
        });
    }
  }
  return hits;
}

describe('SQL text is quoted in one place', () => {
  it('finds no hand-made quoting in the sources of contracts, engine, server and web', () => {
    expect(handQuoting()).toEqual([]);
  });

  it('recognises each way quoting used to be written by hand', () => {
    const samples = [
      "return `'${value.replace(/'/g, \"''\")}'`;",
      "return `'${v.replace(/\\\\/g, '\\\\\\\\').replace(/'/g, \"''\")}'`;",
      'return text.replace(/[\\\\\'"]/g, (c) => `\\\\${c}`);',
      "return `\\`${name.replace(/`/g, '``')}\\``;",
      'const s = `CREATE DATABASE \\`${db.name}\\` KEEP 10`;',
      "const s = `SELECT * FROM t WHERE id = '${id}'`;",
      "const s = `INSERT INTO t USING s TAGS ('${location}') VALUES (now, 1)`;",
      "const s = ` COMMENT '${comment}'`;",
      "const s = name.replaceAll(\"'\", \"''\");",
    ];
    for (const sample of samples) expect(PATTERNS.some(({ pattern }) => pattern.test(sample)), sample).toBe(true);
  });
});
