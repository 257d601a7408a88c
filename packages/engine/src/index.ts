export { Engine, type EngineOptions, type EngineStats, type ExecuteOptions, type QueryContext, type QueryExecutor } from './engine';
export type { ResultSet, StatementResult, AffectedRows, ResultColumn } from './format/result';
export { successBody, errorBody } from './format/rest-body';
export { zoneOffsetMinutes } from './format/timestamp';
export { binaryFrame, decodeRawBlock, precisionOfCode, RawBlockError, readBinaryFrame, type DecodedBlock } from './format/raw-block';
export { TdError, TdCode } from './errors';
export { checkLimit, type Limits } from './limits/limits';
export { checkDatabaseCeilings } from './exec/database';
export { physicalNames } from './storage/names';
export { TmqClient, TmqReplyError, type Reply as TmqReply } from './topics/ws-client';
export { parsePosition, type Position as TopicPosition, type SnapshotPosition } from './topics/model';
export { METERS_LOCATIONS, METERS_START_TS, meterValues, metersChildrenSql, metersStableSql, metersTags, metersValuesSql } from './demo/meters';
export {
  databaseReferences,
  parse,
  renameEdit,
  spliceEdits,
  type Identifier,
  type QualifiedName,
  type Statement,
  type TableRef,
  type TextEdit,
} from './sql';
export { SYSTEM_DBS, type SystemDb } from './query/system/table-def';
export { SIMPLE_SHOW_SOURCES } from './query/system/show';
