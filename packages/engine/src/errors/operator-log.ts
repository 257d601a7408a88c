/**
 * Where failures that no TDengine code describes are written for the operator: the client gets a TDengine code and a
 * plain message, the operator gets the statement and the internal text needed to find the cause.
 */
export interface InternalErrorLog {
  (entry: { stage: string; kind: string; sql?: string; detail: string }): void;
}

const toConsole: InternalErrorLog = (entry) => {
  console.error(`engine: internal error at ${entry.stage} (${entry.kind}): ${entry.detail}${entry.sql ? `\n  statement: ${entry.sql}` : ''}`);
};

let current: InternalErrorLog = toConsole;

/** Replaces the operator log (tests capture it; the default writes to stderr). Returns the previous one. */
export function setInternalErrorLog(log: InternalErrorLog | undefined): InternalErrorLog {
  const previous = current;
  current = log ?? toConsole;
  return previous;
}

export function logInternalError(entry: Parameters<InternalErrorLog>[0]): void {
  current(entry);
}
