import type { ResultColumn } from '../../format/result';

/**
 * A column of a system table as TDengine's systable.c declares it. `length` is what REST's column_meta shows
 * (declared bytes minus the 2-byte VARSTR header for VARCHAR). `sysInfo` columns are hidden from users created
 * with SYSINFO 0 (TDengine's `invisibleColumn`).
 */
export interface SysColumn extends ResultColumn {
  sysInfo?: boolean;
}

/** TDengine name lengths (tdef.h) without the terminating NUL, i.e. what column_meta reports. */
export const LEN = {
  TABLE_NAME: 192,
  /** `tbname` as a result column (SELECT, SHOW TABLE TAGS): TDengine 3.3.7.5 reports VARCHAR(270) */
  TBNAME_RESULT: 270,
  DB_NAME: 64,
  COL_NAME: 64,
  USER: 24,
  EP: 134,
  FQDN: 128,
  SHOW_SQL: 2048,
  COMMENT: 1024,
  CONFIG_OPTION: 32,
  CONFIG_VALUE: 64,
  CONFIG_PATH: 4096,
  CONFIG_SCOPE: 8,
  CONFIG_INFO: 64,
  APP_NAME: 24,
  CGROUP: 193,
  TOPIC_FNAME: 205,
  CLIENT_ID: 256,
  CONSUMER_ID: 32,
  OFFSET: 64,
  IPV4: 16,
  QUERY_ID: 26,
  MAX_BINARY: 65517,
  PRIVILEGE_HOST: 48 * 1024,
  PRIVILEGE_CONDITION: 48 * 1024,
  MAX_TAGS: 16384,
} as const;

type Opt = { sysInfo?: boolean };

const col = (name: string, type: string, length: number, o?: Opt): SysColumn =>
  o?.sysInfo ? { name, type, length, sysInfo: true } : { name, type, length };

export const varchar = (name: string, length: number, o?: Opt): SysColumn => col(name, 'VARCHAR', length, o);
export const bool = (name: string, o?: Opt): SysColumn => col(name, 'BOOL', 1, o);
export const tinyint = (name: string, o?: Opt): SysColumn => col(name, 'TINYINT', 1, o);
export const smallint = (name: string, o?: Opt): SysColumn => col(name, 'SMALLINT', 2, o);
export const int = (name: string, o?: Opt): SysColumn => col(name, 'INT', 4, o);
export const uint = (name: string, o?: Opt): SysColumn => col(name, 'INT UNSIGNED', 4, o);
export const bigint = (name: string, o?: Opt): SysColumn => col(name, 'BIGINT', 8, o);
export const ubigint = (name: string, o?: Opt): SysColumn => col(name, 'BIGINT UNSIGNED', 8, o);
export const double = (name: string, o?: Opt): SysColumn => col(name, 'DOUBLE', 8, o);
export const timestamp = (name: string, o?: Opt): SysColumn => col(name, 'TIMESTAMP', 8, o);

export const SYS = { sysInfo: true } as const;

/** The REST column (name, type, length) without the visibility flag. */
export function resultColumn(c: SysColumn): ResultColumn {
  return { name: c.name, type: c.type, length: c.length };
}
