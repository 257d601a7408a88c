import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logFormatFor, loggerOptions, type LogFormat } from '../../src/http/logging';

/** One request through a server logging in `format`; returns what it wrote. */
async function logOfOneRequest(format: LogFormat): Promise<string> {
  let written = '';
  const app = Fastify({ logger: loggerOptions({ write: (chunk) => void (written += chunk) }, format) });
  app.get('/gw/:id/rest/sql', async () => {
    throw new Error('engine unreachable');
  });
  await app.inject({ method: 'GET', url: '/gw/0b7c/rest/sql?token=tok-SECRET-1&tz=UTC' });
  await app.close();
  return written;
}

describe('log format', () => {
  it('is readable at a terminal and JSON when stdout is not one; LOG_FORMAT decides when given', () => {
    expect(logFormatFor({}, true)).toBe('pretty');
    expect(logFormatFor({}, false)).toBe('json');
    expect(logFormatFor({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormatFor({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(logFormatFor({ LOG_FORMAT: ' JSON ' }, true)).toBe('json');
    expect(logFormatFor({ LOG_FORMAT: '' }, false)).toBe('json');
    expect(() => logFormatFor({ LOG_FORMAT: 'yaml' }, true)).toThrow('LOG_FORMAT must be json or pretty, not "yaml"');
  });

  it('writes one JSON object a line in the json format', async () => {
    const lines = (await logOfOneRequest('json')).trim().split('\n');
    const entries = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    expect(entries.find((entry) => entry.msg === 'incoming request')?.req?.url).toBe('/gw/0b7c/rest/sql?token=[REDACTED]&tz=UTC');
  });

  it('writes readable lines in the pretty format, with the same redaction', async () => {
    const text = await logOfOneRequest('pretty');
    const lines = text.trim().split('\n');
    expect(() => JSON.parse(lines[0])).toThrow();
    // A request on one line: time, level, request id, method and URL, status, duration, message.
    const time = String.raw`^\[\d\d:\d\d:\d\d\.\d{3}\]`;
    expect(text).toMatch(new RegExp(String.raw`${time} INFO: req-1 GET /gw/0b7c/rest/sql\?token=\[REDACTED\]&tz=UTC incoming request$`, 'm'));
    expect(text).toMatch(new RegExp(String.raw`${time} ERROR: req-1 GET /gw/0b7c/rest/sql\?token=\[REDACTED\]&tz=UTC → 500 engine unreachable$`, 'm'));
    expect(text).toMatch(new RegExp(String.raw`${time} INFO: req-1 → 500 \(\d+\.\d ms\) request completed$`, 'm'));
    // An error's fields follow, indented: its stack included.
    expect(text).toMatch(/^\s+Error: engine unreachable$/m);
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('hostname');
  });
});
