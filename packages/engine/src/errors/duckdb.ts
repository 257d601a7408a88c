import { TdCode } from './codes';
import { logInternalError } from './operator-log';
import { TdError } from './td-error';
import { CANNOT_CONVERT } from './function-errors';

/**
 * Which part of the engine called DuckDB: the query executor (a plan's SQL), storage (writes, DDL, catalog reads), or
 * none known (a failure reaching a client route).
 */
export type DuckDbStage = 'executor' | 'storage' | 'client';

/** DuckDB prefixes every message with its error type: `Conversion Error: …`, `Out of Range Error: …`. */
const KIND = /^([A-Za-z][A-Za-z ]*?) Error: /;

/** The kind of a DuckDB error (`Conversion`, `Binder` …), or undefined when `message` is not DuckDB's. */
export function duckDbKind(message: string): string | undefined {
  return KIND.exec(message)?.[1];
}

interface Answer {
  code: number;
  message: string;
  /** the cause is the engine's (generated SQL, storage), not the statement: the operator must hear of it */
  internal?: boolean;
}

const INVALID_OPERATION: Answer = { code: TdCode.TSC_INVALID_OPERATION, message: 'Invalid operation' };
const PLANNER_INTERNAL: Answer = { code: TdCode.PLAN_INTERNAL_ERROR, message: 'Planner internal error', internal: true };
const INTERNAL: Answer = { code: TdCode.INTERNAL_ERROR, message: 'Internal error', internal: true };
const DECIMAL_OVERFLOW: Answer = { code: TdCode.DECIMAL_OVERFLOW, message: 'Decimal value overflow' };

/** RE2's complaints about a pattern (MATCH/NMATCH/REGEXP with a pattern only known at run time). */
const REGEX_COMPLAINT = /missing [)\]]|unexpected \)|bad repetition|missing argument to repetition|invalid (escape|character class|named capture|repetition|perl operator|UTF-8)|trailing \\/i;

/**
 * TDengine's answer to a DuckDB refusal, by DuckDB's error kind:
 * - Conversion: a value that does not convert (0x3250, the scalar layer's "Cannot convert to specific type");
 * - Out of Range: DECIMAL overflow (0x013D) or another out-of-range value (0x0112);
 * - Invalid Input: the planner's own CANNOT_CONVERT (0x3250), a bad regular expression (0x2681) or a function argument
 *   DuckDB refuses (0x2803);
 * - Binder: an operator or function over types it does not take (0x0200 "Invalid operation", as TDengine's translator
 *   answers `s like 1`), DECIMAL widths (0x013D); anything else there, and Parser/Catalog/Not implemented, means the
 *   planner generated SQL DuckDB cannot run: 0x2700, logged;
 * - Out of Memory: 0x0102; Interrupt: the query was stopped (0x022D);
 * - the rest (IO, Constraint, Transaction, Internal …): 0x0138, logged.
 */
function answerFor(kind: string, message: string): Answer {
  switch (kind) {
    case 'Conversion':
      return { code: TdCode.SCALAR_CONVERT_ERROR, message: CANNOT_CONVERT };
    case 'Out of Range':
      return /decimal/i.test(message) ? DECIMAL_OVERFLOW : { code: TdCode.OUT_OF_RANGE, message: 'Out of range' };
    case 'Invalid Input':
      // the planner's own error(): a value its CAST cannot convert
      if (message.includes(CANNOT_CONVERT)) return { code: TdCode.SCALAR_CONVERT_ERROR, message: CANNOT_CONVERT };
      if (REGEX_COMPLAINT.test(message)) return { code: TdCode.PAR_REGULAR_EXPRESSION_ERROR, message: 'Syntax error in regular expression' };
      return { code: TdCode.FUNC_PARA_VALUE, message: 'Invalid function para value' };
    case 'Binder':
      if (/DECIMAL type width/i.test(message)) return DECIMAL_OVERFLOW;
      if (/No function matches|Cannot compare values|Cannot mix values|explicit cast/i.test(message)) return INVALID_OPERATION;
      return PLANNER_INTERNAL;
    case 'Parser':
    case 'Catalog':
    case 'Not implemented':
      return PLANNER_INTERNAL;
    case 'Out of Memory':
      return { code: TdCode.OUT_OF_MEMORY, message: 'Out of Memory' };
    case 'INTERRUPT':
    case 'Interrupt':
      return { code: TdCode.QUERY_KILLED, message: 'Query killed' };
    default:
      return INTERNAL;
  }
}

/**
 * The boundary between DuckDB and the engine's clients: a failure from DuckDB (or any error that is not a TdError)
 * becomes a TdError whose code TDengine gives for that refusal and whose message echoes neither the statement nor
 * DuckDB's text. A failure whose cause is the engine's own is logged for the operator with the SQL and DuckDB's text.
 * TdErrors pass unchanged.
 */
export function fromDuckDb(error: unknown, at: { stage: DuckDbStage; sql?: string; statement?: string }): TdError {
  if (error instanceof TdError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  const kind = duckDbKind(detail);
  const answer = kind ? answerFor(kind, detail) : INTERNAL;
  if (answer.internal) {
    const sql = [at.statement, at.sql].filter((s) => s).join('\n  generated: ');
    logInternalError({ stage: at.stage, kind: kind ?? (error instanceof Error ? error.name : typeof error), sql: sql || undefined, detail });
  }
  return new TdError(answer.code, answer.message);
}

/**
 * Turns anything thrown into the TdError a client may see: TdErrors unchanged, DuckDB's failures mapped by kind, and
 * any other failure logged for the operator and answered without its internal text.
 */
export function toTdError(error: unknown): TdError {
  return fromDuckDb(error, { stage: 'client' });
}
