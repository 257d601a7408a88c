/**
 * TDengine error codes (low 16 bits, as the REST protocol prints them) and their messages.
 * See shared/reference/tdengine-facts.md §4. Add codes here, never inline numbers elsewhere.
 */
export const TdCode = {
  SYNTAX_ERROR_OLD: 0x0216,
  VALUE_OUT_OF_RANGE: 0x0224,
  INSUFFICIENT_PRIVILEGE: 0x0303,
  /** KILL QUERY: a malformed or unknown id / connection */
  MND_INVALID_QUERY_ID: 0x030c,
  MND_INVALID_CONN_ID: 0x030e,
  /** the client of a query stopped by KILL QUERY (TSDB_CODE_TSC_QUERY_KILLED) */
  QUERY_KILLED: 0x022d,
  /** a window query with more windows than the executor keeps */
  QRY_TOO_MANY_TIMEWINDOW: 0x070a,
  USER_ALREADY_EXISTS: 0x0350,
  INVALID_USER: 0x0351,
  INVALID_PASSWORD_FORMAT: 0x0353,
  INVALID_ALTER_OPER: 0x0356,
  /** INSERT into a system table */
  PAR_SYSTABLE_NOT_ALLOWED: 0x2669,
  /** a user option (ENABLE, SYSINFO, CREATEDB) outside its range: "Invalid option enable: 2, valid range: [0, 1]" */
  INVALID_OPTION: 0x011a,
  AUTH_FAILURE: 0x0357,
  STABLE_ALREADY_EXISTS: 0x0360,
  /** the mnode's answer (866) when a super table named by DROP/ALTER STABLE is missing or is not a super table */
  STABLE_NOT_EXIST: 0x0362,
  MND_INVALID_STB_ALTER_OPTION: 0x03c2,
  /** a second super table in a database created with SINGLE_STABLE 1 */
  MND_SINGLE_STB_MODE_DB: 0x03c5,
  /** ALTER … ADD COLUMN/TAG past 4096 columns and tags: the mnode's check (CREATE's is the parser's 0x2640) */
  MND_TOO_MANY_COLUMNS: 0x0365,
  /** a table comment longer than 1024 bytes */
  PAR_COMMENT_TOO_LONG: 0x264e,
  TAG_ALREADY_EXISTS: 0x0369,
  TAG_NOT_EXIST: 0x036a,
  COLUMN_ALREADY_EXISTS: 0x036b,
  COLUMN_NOT_EXIST: 0x036c,
  /** the mnode cannot place the replicas asked for (one dnode here) */
  MND_NO_ENOUGH_DNODES: 0x0334,
  DB_NOT_SELECTED: 0x0380,
  DB_ALREADY_EXISTS: 0x0381,
  INVALID_DB_OPTION: 0x0382,
  INVALID_DB_NAME: 0x0383,
  DB_NOT_EXIST: 0x0388,
  TOO_MANY_DATABASES: 0x0395,
  TOPIC_ALREADY_EXISTS: 0x03e0,
  TOPIC_NOT_EXIST: 0x03e1,
  TOO_MANY_TOPICS: 0x03e2,
  CONSUMER_NOT_EXIST: 0x03e6,
  /** no subscription (consumer group × topic) of that name: DROP CONSUMER GROUP */
  SUBSCRIBE_NOT_EXIST: 0x03e8,
  TOPIC_SUBSCRIBED: 0x03eb,
  CGROUP_USED: 0x03ec,
  TOPIC_MUST_BE_DROPPED: 0x03ed,
  INVALID_SUBSCRIBE_OPTION: 0x03ee,
  DB_RETENTION_PERIOD_ZERO: 0x038c,
  PAR_INVALID_TOPIC_QUERY: 0x2639,
  VIEW_NOT_EXIST: 0x04a1,
  /** a tag index's name is taken in the database, or the tag already has an index */
  TAG_INDEX_ALREADY_EXIST: 0x0483,
  TAG_INDEX_NOT_EXIST: 0x0484,
  STREAM_ALREADY_EXISTS: 0x03f0,
  STREAM_NOT_EXIST: 0x03f1,
  /** 3.3.7: a stream needs an snode (`CREATE SNODE ON DNODE n`); the engine has none */
  SNODE_NOT_AVAILABLE: 0x042c,
  TABLE_ALREADY_EXISTS: 0x0603,
  TIMESTAMP_OUT_OF_RANGE: 0x060b,
  TABLE_NOT_EXIST_VNODE: 0x0618,
  TDB_INVALID_TABLE_SCHEMA_VER: 0x061b,
  TDB_TABLE_IN_OTHER_STABLE: 0x061d,
  SYNTAX_ERROR: 0x2600,
  INCOMPLETE_SQL: 0x2601,
  INVALID_COLUMN: 0x2602,
  TABLE_NOT_EXIST: 0x2603,
  AMBIGUOUS_COLUMN: 0x2604,
  WRONG_VALUE_TYPE: 0x2605,
  /** "There mustn't be aggregation": an aggregate where none may be (WHERE, GROUP BY, PARTITION BY) */
  ILLEGAL_USE_AGG_FUNC: 0x2608,
  NOT_GROUP_BY_EXPR: 0x260a,
  NOT_SINGLE_GROUP: 0x260c,
  /** ORDER BY n out of the select list's range */
  PAR_WRONG_NUMBER_OF_SELECT: 0x2609,
  /** DISTINCT with an ORDER BY item it does not select */
  NOT_SELECTED_EXPRESSION: 0x260b,
  PAR_SLIMIT_LEAK_PARTITION_GROUP_BY: 0x2638,
  /** ORDER BY an alias two select-list items carry */
  PAR_ORDERBY_AMBIGUOUS: 0x266f,
  /** SLIDING in months/years */
  PAR_INTER_SLIDING_UNIT: 0x2630,
  /** a window query whose select list calls no function */
  PAR_NO_VALID_FUNC_IN_WIN: 0x265e,
  /** the executor's refusal of a filter it cannot evaluate (an EVENT_WINDOW condition that is no condition) */
  QRY_INVALID_INPUT: 0x070f,
  /** a whole JSON tag compared, matched or ordered by */
  QRY_JSON_NOT_SUPPORT: 0x072d,
  /** TSDB_CODE_APP_ERROR: IN over a JSON value, refused when the executor builds its filter */
  APP_ERROR: 0x0110,
  /** GROUP BY / PARTITION BY a JSON tag */
  QRY_JSON_IN_GROUP: 0x072e,
  TAGS_NOT_MATCHED: 0x260d,
  INVALID_TAG_NAME: 0x260e,
  NAME_OR_PASSWD_TOO_LONG: 0x2610,
  PASSWD_EMPTY: 0x2611,
  INTERVAL_TOO_SMALL: 0x2615,
  /** INTERVAL longer than 1000 years ("Interval cannot be more than 1000 years") */
  INTERVAL_TOO_BIG: 0x261b,
  DB_NOT_SPECIFIED: 0x2616,
  PAR_INVALID_DB_OPTION: 0x2619,
  PAR_CORRESPONDING_STABLE_ERR: 0x2618,
  PAR_INVALID_TABLE_OPTION: 0x261a,
  PAR_ONLY_ONE_JSON_TAG: 0x2633,
  PAR_INCORRECT_NUM_OF_COL: 0x2634,
  /** "Illegal number of columns": a table of the timestamp alone, an INSERT row of the wrong width */
  PAR_INVALID_COLUMNS_NUM: 0x263f,
  /** "Only tag can be json type" */
  PAR_INVALID_COLUMN_JSON: 0x2652,
  PAR_INCORRECT_TIMESTAMP_VAL: 0x2635,
  PAR_DUPLICATED_COLUMN: 0x263c,
  PAR_INVALID_TAGS_LENGTH: 0x263d,
  PAR_INVALID_ROW_LENGTH: 0x263e,
  PAR_TOO_MANY_COLUMNS: 0x2640,
  PAR_INVALID_FIRST_COLUMN: 0x2641,
  PAR_INVALID_VAR_COLUMN_LEN: 0x2642,
  PAR_INVALID_TAGS_NUM: 0x2643,
  PAR_INVALID_PASSWD: 0x2648,
  PAR_INVALID_ALTER_TABLE: 0x2649,
  PAR_CANNOT_DROP_PRIMARY_KEY: 0x264a,
  PAR_INVALID_MODIFY_COL: 0x264b,
  PAR_INVALID_TBNAME: 0x264c,
  /** PERCENTILE over a super table or subquery ("… is only supported in single table query") */
  PAR_ONLY_SUPPORT_SINGLE_TABLE: 0x265f,
  /** a window over a subquery that gives no primary timestamp */
  PAR_NOT_ALLOWED_WIN_QUERY: 0x2650,
  PAR_INVALID_DROP_COL: 0x2651,
  PAR_VALUE_TOO_LONG: 0x2653,
  /** a number or bool where a VARBINARY value (text or `\x…` hex) belongs */
  PAR_INVALID_VARBINARY: 0x266a,
  INVALID_JSON: 0x0229,
  PAR_INVALID_VIEW_QUERY: 0x266c,
  PAR_VIEW_CONFLICT_WITH_TABLE: 0x266e,
  PAR_PRIMARY_KEY_IS_NULL: 0x267b,
  PAR_TAG_NAME_DUPLICATED: 0x267f,
  PAR_INVALID_IP_RANGE: 0x266b,
  PAR_INVALID_COLS_SELECTFUNC: 0x268a,
  PAR_INVALID_COLS_ALIAS: 0x268b,
  /** user IP white lists (3.2+) */
  IP_NOT_IN_WHITE_LIST: 0x0134,
  USER_HOST_EXIST: 0x035a,
  USER_HOST_NOT_EXIST: 0x035b,
  TOO_MANY_USER_HOST: 0x035c,
  USER_LOCAL_HOST_NOT_DROP: 0x035d,
  INVALID_IDENTIFIER: 0x2617,
  GROUPBY_WINDOW_COEXIST: 0x2624,
  PAR_INTER_SESSION_GAP: 0x262b,
  PAR_INTER_SESSION_COL: 0x262c,
  SLIDING_TOO_LARGE: 0x2631,
  SLIDING_TOO_SMALL: 0x2632,
  FILL_NEEDS_RANGE: 0x263b,
  PERMISSION_DENIED: 0x2644,
  DELETE_NEEDS_TIME_RANGE: 0x2655,
  /** "Invalid timestamp format": a DELETE's time bound written as text that is no time */
  INVALID_TIMESTAMP_FORMAT: 0x0127,
  GET_TABLE_INFO_FAILED: 0x2662,
  /** "Func not exists": a function name TDengine does not know (the catalogue's answer, before any check) */
  FUNC_NOT_EXISTS: 0x0374,
  // The function checker (TDengine's builtins.c), code by what is wrong with the call:
  FUNC_ERROR: 0x2800,
  FUNC_PARA_NUM: 0x2801,
  FUNC_PARA_TYPE: 0x2802,
  FUNC_PARA_VALUE: 0x2803,
  FUNC_DUP_TIMESTAMP: 0x2805,
  /** TO_TIMESTAMP of a text its format does not describe (char2ts's -1) */
  FUNC_TO_TIMESTAMP_FORMAT_MISMATCH: 0x2806,
  FUNC_TO_TIMESTAMP_WRONG_TS: 0x2807,
  /** TO_TIMESTAMP with a day of the year (DDD) but no DD */
  FUNC_TO_TIMESTAMP_NOT_SUPPORTED: 0x2808,
  FUNC_TIME_UNIT_INVALID: 0x280a,
  FUNC_TIME_UNIT_TOO_SMALL: 0x280b,
  FUNC_PARA_RANGE: 0x2811,
  /** translator refusals of a function's place in the query */
  PAR_AGG_FUNC_NESTING: 0x2627,
  PAR_INTERVAL_OFFSET_TOO_BIG: 0x262f,
  PAR_INVALID_STATE_WIN_TYPE: 0x2628,
  /** COUNT_WINDOW's size or sliding out of range (TDengine reuses its stream-query code) */
  PAR_INVALID_STREAM_QUERY: 0x2645,
  PAR_NOT_ALLOWED_FUNC: 0x264f,
  /** a timeline function (DIFF, TWA, ELAPSED …) over input without a primary timestamp */
  PAR_INVALID_TIMELINE_FUNC: 0x2647,
  PAR_INVALID_WINDOW_PC: 0x2658,
  /** SHOW CREATE STABLE of a child or normal table: "Table is not a super table" */
  TSC_NOT_STABLE: 0x022f,
  /** SHOW TABLE TAGS of a normal table: "Tags can only applied to super table and child table" */
  PAR_TAGS_OF_NORMAL_TABLE: 0x2665,
  /** "composite primary key column must be second column" */
  PAR_SECOND_COL_PK: 0x2678,
  /** "composite primary key column must be of type int, uint, bigint, ubigint, and varchar" */
  PAR_COL_PK_TYPE: 0x2679,
  /** a column's ENCODE that is unknown or does not fit its type ("Invalid encode param") */
  TSC_ENCODE_PARAM_ERROR: 0x0231,
  /** a column's COMPRESS that is unknown or does not fit its type ("Invalid compress param") */
  TSC_COMPRESS_PARAM_ERROR: 0x0233,
  /** a column's LEVEL that is not high/medium/low (or h/m/l) ("Invalid compress level param") */
  TSC_COMPRESS_LEVEL_ERROR: 0x0234,
  /** "Invalid usage of expr": a plain column in a window query that does not group by it */
  PAR_INVALID_OPTR_USAGE: 0x2667,
  /** "Not unique table/alias": two FROM items known by the same name */
  PAR_NOT_UNIQUE_TABLE_ALIAS: 0x2663,
  PAR_NOT_SUPPORT_JOIN: 0x2664,
  /** "Invalid WINDOW_OFFSET unit": a WINDOW JOIN's offset in calendar units (n/y) */
  PAR_INVALID_WIN_OFFSET_UNIT: 0x2673,
  /** an ASOF join's ON with a condition other than the timestamp comparison and equalities */
  JOIN_ON_COND_NOT_SUPPORTED: 0x0733,
  PAR_INVALID_INTERP_CLAUSE: 0x265d,
  /** two different by-row time-series functions in one SELECT (`diff(v), derivative(v, 1s, 0)`) */
  PAR_NOT_ALLOWED_DIFFERENT_BY_ROW_FUNC: 0x2680,
  PAR_REGULAR_EXPRESSION_ERROR: 0x2681,
  /** "Invalid operation": the translator's refusal of an operator over types it does not take (`s like 1`) */
  TSC_INVALID_OPERATION: 0x0200,
  // Where DuckDB refuses at run time (errors/duckdb.ts maps its error kinds to these):
  OUT_OF_MEMORY: 0x0102,
  OUT_OF_RANGE: 0x0112,
  INTERNAL_ERROR: 0x0138,
  DECIMAL_OVERFLOW: 0x013d,
  PLAN_INTERNAL_ERROR: 0x2700,
  /** "not support cross join": a join of time series without any condition */
  PLAN_NOT_SUPPORT_CROSS_JOIN: 0x2702,
  SCALAR_CONVERT_ERROR: 0x3250,
  REQUEST_EMPTY: 0x1106,
  NO_SQL_INPUT: 0x1107,
  NO_AUTH_INFO: 0x1105,
  INVALID_AUTH_TYPE: 0x1122,
  INVALID_BASIC_AUTH: 0x1124,
  LIMIT_EXCEEDED: 0x0a0e,
  TQ_NO_COMMITTED_OFFSET: 0x0a0d,
  UNSUPPORTED: 0x0100,
  /** TSDB_CODE_OPS_NOT_SUPPORT: a window over a UNION (no valid primary timestamp) */
  OPS_NOT_SUPPORT: 0x0003,
  UNKNOWN: 0xffff,
} as const;

export type TdCodeValue = (typeof TdCode)[keyof typeof TdCode];
