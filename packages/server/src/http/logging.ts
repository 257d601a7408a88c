import type { FastifyServerOptions } from 'fastify';

/** Where a logger writes: stdout by default, a test's capture otherwise. */
export interface LogStream {
  write(line: string): void;
}

/** Keys of a store error holding the query's parameter values (Drizzle, pg, PGlite): user data, passwords, tokens. */
const QUERY_PARAMETER_KEYS = new Set(['params', 'parameters', 'queryOptions']);

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/**
 * An error as logged: its type, message, stack, own fields and cause chain, without the query's parameter values a
 * store error carries. Drizzle's DrizzleQueryError also writes them into its message ("Failed query: …\nparams: …"),
 * so that line is cut from the message and the stack.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) if (!QUERY_PARAMETER_KEYS.has(key) && key !== 'cause') fields[key] = value;
  const hasParams = [...QUERY_PARAMETER_KEYS].some((key) => key in error);
  const paramsLine = hasParams ? error.message.indexOf('\nparams: ') : -1;
  const message = paramsLine >= 0 ? error.message.slice(0, paramsLine) : error.message;
  const cause = error.cause !== undefined && depth < 5 ? serializeError(error.cause, depth + 1) : undefined;
  return { type: error.constructor.name, ...fields, message, stack: error.stack?.replace(error.message, message) ?? '', ...(cause === undefined ? {} : { cause }) };
}

/** The server's logger (pino through Fastify): level from LOG_LEVEL, errors without query parameters. */
export function loggerOptions(stream?: LogStream): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: process.env.LOG_LEVEL ?? 'info',
    ...(stream ? { stream } : {}),
    serializers: { err: serializeError },
  };
}
