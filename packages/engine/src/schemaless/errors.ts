import { TdCode, TdError } from '../errors';

/** TDengine's schemaless error codes (taoserror.h, TSDB_CODE_SML_*). */
export const SmlCode = {
  INVALID_PROTOCOL_TYPE: 0x3000,
  INVALID_PRECISION_TYPE: 0x3001,
  INVALID_DATA: 0x3002,
  NOT_SAME_TYPE: 0x3004,
} as const;

const MESSAGES: Record<number, string> = {
  [SmlCode.INVALID_DATA]: 'Invalid data format',
  [SmlCode.NOT_SAME_TYPE]: 'Not the same type as before',
  [TdCode.TDB_TABLE_IN_OTHER_STABLE]: 'Table already exists in other stables',
};

/** An error that names the offending line: `Invalid data format: line 3 "cpu,host=a x=1i": <why>`. */
export function lineError(code: number, line: number, text: string, why: string): TdError {
  const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return new TdError(code, `${MESSAGES[code] ?? 'Invalid data format'}: line ${line} "${shown}": ${why}`);
}

export const invalidData = (line: number, text: string, why: string): TdError => lineError(SmlCode.INVALID_DATA, line, text, why);
