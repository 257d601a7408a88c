import { enSignInCatalogue } from './enSignIn';
import { enConsoleCatalogue } from './enConsole';

/**
 * The English catalogue, flat keys (no key separator): the web app's own strings plus the contracts' messages for
 * validation and server keys, so a zod message key or a server message key is translated the same way. Loaded in
 * two parts (enSignIn.ts, enConsole.ts) so the sign-in page carries only its own (i18n/index.ts `loadCatalogue`).
 */
export const enCatalogue = { ...enSignInCatalogue, ...enConsoleCatalogue };
export type WebKey = keyof typeof enCatalogue;
