import { TDENGINE_KEYWORDS } from '@tscloud/contracts/sql-words';

/**
 * Reserved words (the one list in contracts, which the engine's tokenizer also reads): a name that is one of
 * these must be written in backquotes (data-explorer.md §5).
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set(TDENGINE_KEYWORDS);

export function isReservedWord(name: string): boolean {
  return RESERVED_WORDS.has(name.toUpperCase());
}
