import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** A chunk of the built web app as Vite's manifest (.vite/manifest.json, build.manifest) records it. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface Script {
  file: string;
  gzipBytes: number;
}

/** The page module of the sign-in route (routes/pages.tsx `login`). */
const SIGN_IN_PAGE = 'src/pages/auth/LoginPage.tsx';
/** The sign-in part of the English catalogue, loaded before the first render (web main.tsx): the page is in English. */
const CATALOGUE = 'src/i18n/catalogues/enSignIn.ts';

/**
 * The scripts a browser loads for the sign-in route of the build in `webDist`: the entry, the English catalogue and the
 * sign-in page's lazy chunk, and every chunk they import statically (modulepreload), with the size gzip -9 makes of each.
 */
export function signInScripts(webDist: string): Script[] {
  const manifest = JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
  for (const chunk of [SIGN_IN_PAGE, CATALOGUE]) if (!manifest[chunk]) throw new Error(`${chunk} is not a chunk of the build`);
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entries[0]);
  visit(CATALOGUE);
  visit(SIGN_IN_PAGE);
  return [...keys].map((key) => {
    const file = manifest[key].file;
    return { file, gzipBytes: gzipSync(readFileSync(join(webDist, file)), { level: 9 }).length };
  });
}
