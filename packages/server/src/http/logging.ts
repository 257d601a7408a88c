import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { prettyFactory } from 'pino-pretty';

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

/**
 * Query-string parameters whose values are secrets: instance tokens (`/gw/…?token=`), activation, reset and
 * marketplace links (`?token=`), invitations (`?accept=`), OAuth/OIDC callbacks (`?code=`, `state`, `id_token` …),
 * and anything named like a password, secret or key.
 */
const SECRET_PARAMETER = /token|code|accept|state|pass|secret|key|signature|^sig$|auth|credential|session|otp|mfa|verify/i;

/** The URL with the values of secret query parameters replaced by [REDACTED]; the path and other parameters kept. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const hash = url.indexOf('#', start);
  const end = hash < 0 ? url.length : hash;
  const parameters = url
    .slice(start + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      let name = pair.slice(0, equals);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed name is judged as written.
      }
      return SECRET_PARAMETER.test(name) ? `${pair.slice(0, equals)}=[REDACTED]` : pair;
    });
  return `${url.slice(0, start)}?${parameters.join('&')}${url.slice(end)}`;
}

/** A request as logged: Fastify's default fields, with the URL's secrets redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: request.headers?.['accept-version']?.toString(),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** JSON lines for log collectors, readable lines for a person at a terminal. */
export type LogFormat = 'json' | 'pretty';

/**
 * LOG_FORMAT=json or pretty when given; otherwise readable lines when stdout is a terminal (`npm start` in a shell)
 * and JSON when it is not (a pipe, a file, a container's log), so collectors always get one JSON object a line.
 */
export function logFormatFor(env: NodeJS.ProcessEnv, stdoutIsTerminal: boolean): LogFormat {
  const asked = env.LOG_FORMAT?.trim().toLowerCase();
  if (asked === 'json' || asked === 'pretty') return asked;
  if (asked) throw new Error(`LOG_FORMAT must be json or pretty, not "${env.LOG_FORMAT}"`);
  return stdoutIsTerminal ? 'pretty' : 'json';
}

/** The fields of a request's log entries that its readable line shows. */
interface RequestFields {
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** A request on one line: "req-1 GET /path?token=[REDACTED] → 200 (3.2 ms) request completed". */
function requestLine(log: Record<string, unknown>, messageKey: string): string {
  const { reqId, req, res, responseTime } = log as RequestFields;
  const parts = [
    reqId,
    req?.method && `${req.method} ${req.url}`,
    res?.statusCode !== undefined && `→ ${res.statusCode}`,
    typeof responseTime === 'number' && `(${responseTime.toFixed(1)} ms)`,
    String(log[messageKey] ?? ''),
  ];
  return parts.filter(Boolean).join(' ');
}

/**
 * Readable lines (time, level, message, then the fields) written to `destination` (stdout by default). pino-pretty
 * formats in this process, not in a transport worker: it reads the JSON line pino wrote, after the serializers below
 * redacted it, so a readable line carries no more than a JSON one.
 */
function prettyStream(destination?: LogStream): LogStream {
  const out = destination ?? process.stdout;
  const prettify = prettyFactory({
    colorize: destination === undefined && process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    messageFormat: requestLine,
    ignore: 'pid,hostname,reqId,req,res,responseTime',
  });
  return { write: (line) => void out.write(prettify(line)) };
}

/**
 * The server's logger (pino through Fastify): level from LOG_LEVEL, URLs without secrets, errors without query
 * parameters; JSON lines, or readable ones in the pretty format.
 */
export function loggerOptions(stream?: LogStream, format: LogFormat = 'json'): NonNullable<FastifyServerOptions['logger']> {
  const destination = format === 'pretty' ? prettyStream(stream) : stream;
  return {
    level: process.env.LOG_LEVEL ?? 'info',
    ...(destination ? { stream: destination } : {}),
    serializers: { req: serializeRequest, err: serializeError },
  };
}
