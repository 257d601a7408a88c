import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The web app's own source files, parsed (syntax only, no type check: fast enough for a unit test). Used by the
 * source-scan tests (visible texts from the catalogue, dates through config/format.ts); never imported by the app.
 */
export const WEB_SRC = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ScannedFile {
  /** Path under packages/web/src with forward slashes, e.g. "pages/topics/TopicsPage.tsx". */
  path: string;
  source: ts.SourceFile;
}

const isTest = (name: string) => /\.test\.tsx?$/.test(name);

function listFiles(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(full, extensions);
    return extensions.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts') && !isTest(entry.name) ? [full] : [];
  });
}

export function parseSource(path: string, text: string): ts.SourceFile {
  return ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** Every non-test source file under web/src with one of the extensions (".tsx", ".ts"), test files left out. */
export function webSources(extensions: readonly string[]): ScannedFile[] {
  return listFiles(WEB_SRC, extensions)
    .sort()
    .map((full) => {
      const path = relative(WEB_SRC, full).split(sep).join('/');
      return { path, source: parseSource(path, readFileSync(full, 'utf8')) };
    });
}

/** "file:line" of a node, for a readable failure. */
export function where(file: ScannedFile | ts.SourceFile, node: ts.Node): string {
  const source = 'source' in file ? file.source : file;
  const path = 'path' in file ? file.path : source.fileName;
  return `${path}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
}
