export * from './ast';
export { insertTupleOffsets, insertValueOffsets, parse, parseScript, splitStatements, type ParseOptions } from './parser';
export { databaseReferences, renameDatabases, renameEdit, spliceEdits, type TextEdit } from './database-references';
export { incompleteSql, insertSyntaxError, syntaxErrorNear, syntaxMessage } from './syntax-error';
export { tokenize, lowerOutsideQuotes, type Token, type TokenKind, KEYWORDS, isKeyword } from './tokenizer';
