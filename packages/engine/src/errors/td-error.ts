import { TdCode } from './codes';

/** An error the engine reports to its client: TDengine's numeric code plus its message text. */
export class TdError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'TdError';
  }

  /** `syntax error near "<token>"`, the parser's error (0x2600). */
  static syntax(near: string): TdError {
    return new TdError(TdCode.SYNTAX_ERROR, `syntax error near "${near}"`);
  }

  static tableNotExist(name: string): TdError {
    return new TdError(TdCode.TABLE_NOT_EXIST, `Table does not exist : ${name}`);
  }

  static stableNotExist(): TdError {
    return new TdError(TdCode.STABLE_NOT_EXIST, 'STable not exist');
  }

  static dbNotExist(): TdError {
    return new TdError(TdCode.DB_NOT_EXIST, 'Database not exist');
  }

  static invalidColumn(name: string): TdError {
    return new TdError(TdCode.INVALID_COLUMN, `Invalid column name : ${name}`);
  }

  static permissionDenied(): TdError {
    return new TdError(TdCode.PERMISSION_DENIED, 'Permission denied');
  }
}
