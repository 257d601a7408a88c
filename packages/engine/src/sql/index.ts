export * from './ast';
export { insertTupleOffsets, insertValueOffsets, parse, parseScript, splitStatements } from './parser';
export { incompleteSql, insertSyntaxError, syntaxErrorNear, syntaxMessage } from './syntax-error';
export { tokenize, lowerOutsideQuotes, type Token, type TokenKind, KEYWORDS, isKeyword } from './tokenizer';
