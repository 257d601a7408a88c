export type { Token, TokenKind } from './token';
export { Lexer, findClosingQuote, tokenize, unescapeString } from './tokenizer';
export { KEYWORDS, isKeyword } from './keywords';
export { lowerOutsideQuotes } from './lowercase';
