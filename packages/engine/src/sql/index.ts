export * from './ast';
export { parse, parseScript, splitStatements } from './parser';
export { tokenize, type Token, type TokenKind, KEYWORDS, isKeyword } from './tokenizer';
