import type { WebKey } from './en';
import { zhSignInCatalogue } from './zhSignIn';
import { zhConsoleCatalogue } from './zhConsole';

/** The Chinese catalogue: every key of the English one (a missing key is a type error). */
export const zhCatalogue: Record<WebKey, string> = { ...zhSignInCatalogue, ...zhConsoleCatalogue };
