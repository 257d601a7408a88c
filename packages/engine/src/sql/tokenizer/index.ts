export type { Token, TokenKind } from './token';
export { tokenize, unescapeString } from './tokenizer';
export { KEYWORDS, isKeyword } from './keywords';
