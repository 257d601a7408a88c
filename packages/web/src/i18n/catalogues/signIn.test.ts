import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { enCatalogue } from './en';
import { enSignInCatalogue } from './enSignIn';
import { zhSignInCatalogue } from './zhSignIn';

/**
 * The sign-in page renders with only the sign-in part of the catalogue (main.tsx, routes/pages.tsx `login`): every
 * key its code names must be in that part, or the page would show the bare key.
 */
const SIGN_IN_ROUTE_FILES = [
  '../../pages/auth/LoginPage.tsx',
  '../../pages/auth/MfaCodeForm.tsx',
  '../../pages/sso/SsoSignInButtons.tsx',
  '../../components/layout/CenteredFrame.tsx',
  '../../components/layout/LanguageSwitch.tsx',
  '../../components/layout/MaintenanceToast.tsx',
  '../../components/feedback/notifier.tsx',
  '../../components/feedback/AccountAbnormal.tsx',
  '../../routes/router.tsx',
  '../../routes/useDocumentTitle.ts',
];

const here = dirname(fileURLToPath(import.meta.url));
const read = (file: string) => readFileSync(join(here, file), 'utf8');

/** Quoted strings of a file that are catalogue keys. */
function keysNamedIn(file: string): string[] {
  const source = read(file);
  return [...source.matchAll(/'([\w.]+)'/g)].map((m) => m[1]).filter((text) => text in enCatalogue);
}

describe('the sign-in part of the catalogue', () => {
  it('holds every key the sign-in route names, in both languages', () => {
    const named = SIGN_IN_ROUTE_FILES.flatMap(keysNamedIn);
    expect(named).toContain('auth.login.title');
    expect(named.filter((key) => !(key in enSignInCatalogue))).toEqual([]);
    expect(named.filter((key) => !(key in zhSignInCatalogue))).toEqual([]);
  });

  it("holds the sign-in route's title (routes/table.ts)", () => {
    const table = read('../../routes/table.ts');
    const login = /auth\('login', 'login', '([\w.]+)'\)/.exec(table)?.[1];
    expect(login && login in enSignInCatalogue).toBe(true);
  });
});
