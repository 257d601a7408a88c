export { TdCode, type TdCodeValue } from './codes';
export { TdError } from './td-error';
export { CANNOT_CONVERT, DUP_TIMESTAMP, FuncError, TO_TIMESTAMP_MISMATCH } from './function-errors';
export { fromDuckDb, toTdError, type DuckDbStage } from './duckdb';
export { setInternalErrorLog, type InternalErrorLog } from './operator-log';
