import http from 'node:http';

/** The engine's default root credentials, as every bench request sends them. */
export const AUTH = `Basic ${Buffer.from('root:taosdata').toString('base64')}`;

/**
 * Keep-alive connections of the load generator. Node's http client with a body already in bytes costs the client a
 * third of fetch's CPU (fetch encodes a string body and streams it); on two shared cores the client's CPU is taken
 * from the engine it measures, while TDengine's native client is C.
 */
const agent = new http.Agent({ keepAlive: true });

export interface Sent {
  /** the body has left for the socket */
  written: Promise<void>;
  /** the engine's answer */
  answered: Promise<{ status: number; text: string }>;
}

/** POSTs `body` to `url` (route and query included) with the root credentials. */
export function send(url: string, body: string | Uint8Array): Sent {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  let written!: Promise<void>;
  const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { Authorization: AUTH, 'Content-Length': bytes.length } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    written = new Promise((done) => req.once('finish', done));
    req.on('error', reject);
    req.end(bytes);
  });
  return { written, answered };
}

/** POSTs and checks the status; answers the body's text. */
export async function post(url: string, body: string | Uint8Array, expectStatus = 200): Promise<string> {
  const { status, text } = await send(url, body).answered;
  if (status !== expectStatus) throw new Error(`engine answered ${status} to ${new URL(url).pathname}: ${text.slice(0, 200)}`);
  return text;
}

/** Runs SQL over `/rest/sql`; answers the rows, or throws with the engine's refusal. */
export async function postSql(baseUrl: string, sql: string | Uint8Array): Promise<unknown[][]> {
  const parsed = JSON.parse(await post(`${baseUrl}/rest/sql`, sql)) as { code: number; desc?: string; data?: unknown[][] };
  if (parsed.code !== 0) throw new Error(`engine refused ${String(sql).slice(0, 80)}: ${parsed.desc}`);
  return parsed.data ?? [];
}
