import { mkdirSync } from 'node:fs';
import { Engine } from 'tscloud-engine';
import { basicAuthorization, engineRestCall } from '../engine-client/rest-call';

/**
 * Where the platform's metrics live: a TDengine-compatible database spoken to in its own SQL. By default an
 * engine opened in this process on DATA_DIR/platform-metrics (no extra process to run and watch); with
 * METRICS_ENGINE_URL, a shared engine (or a real TDengine's taosAdapter) reached over the REST protocol, which
 * is what several server processes use — one DuckDB file cannot be opened by two of them.
 */
export interface MetricsSql {
  /** Runs one statement; rows as JS values (numbers for numeric columns, epoch ms for timestamps). */
  run(sql: string): Promise<unknown[][]>;
  close(): Promise<void>;
}

const METRICS_USER = 'root';

/** DuckDB resources of the in-process metrics engine: small, it shares the machine with the server. */
const IN_PROCESS_LIMITS = { threads: 1, memoryLimit: '256MB' };

function plain(value: unknown): unknown {
  return typeof value === 'bigint' ? Number(value) : value;
}

export class InProcessMetricsSql implements MetricsSql {
  private constructor(private readonly engine: Engine) {}

  static async open(dataDir: string): Promise<InProcessMetricsSql> {
    mkdirSync(dataDir, { recursive: true });
    return new InProcessMetricsSql(await Engine.open({ dataDir, limits: IN_PROCESS_LIMITS }));
  }

  async run(sql: string): Promise<unknown[][]> {
    const result = await this.engine.execute(sql, { user: METRICS_USER });
    return result.kind === 'rows' ? result.rows.map((row) => row.map(plain)) : [];
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}

/**
 * The TDengine REST protocol: POST /rest/sql with Basic credentials, given or taken from the URL. Also how the
 * monitoring calls ask an instance's engine for its version.
 */
export class RestSql implements MetricsSql {
  private readonly url: string;
  private readonly authorization: string;

  constructor(url: string, credentials?: { user: string; password: string }, private readonly timeoutMs = 10_000) {
    const parsed = new URL(url);
    const user = credentials?.user ?? (decodeURIComponent(parsed.username) || METRICS_USER);
    const password = credentials?.password ?? (decodeURIComponent(parsed.password) || 'taosdata');
    parsed.username = '';
    parsed.password = '';
    this.url = `${parsed.origin}${parsed.pathname}`;
    this.authorization = basicAuthorization(user, password);
  }

  async run(sql: string): Promise<unknown[][]> {
    const body = await engineRestCall({ url: this.url, authorization: this.authorization }, sql, { timeoutMs: this.timeoutMs });
    if (body.code !== 0) throw new Error(`metrics engine: ${body.desc ?? `code ${body.code}`}`);
    // REST formats timestamps as RFC 3339 text; the callers work in epoch ms.
    const types = (body.column_meta ?? []).map((c) => c[1]);
    return (body.data ?? []).map((row) => row.map((v, i) => (types[i] === 'TIMESTAMP' && typeof v === 'string' ? Date.parse(v) : plain(v))));
  }

  async close(): Promise<void> {}
}
