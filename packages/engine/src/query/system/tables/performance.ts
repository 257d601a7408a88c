import { connections, endPoint } from '../../../auth/clients';
import type { QueryContext } from '../../context';
import { bigint, bool, int, LEN, timestamp, ubigint, uint, varchar } from '../columns';
import { killId, runningQueries } from '../running-queries';
import type { SystemTableDef } from '../table-def';
import { consumerColumns, consumerRows } from './topics';

/**
 * performance_schema. perf_connections lists the client connections the engine serves (auth/clients.ts: one per
 * TCP connection and user, REST keep-alive or WebSocket, from its first login until it closes); perf_queries the
 * queries the executor is running (see running-queries.ts; REST requests are connection 0). The engine keeps no
 * registry of transactions or client apps, so those tables have TDengine's columns and no rows. perf_consumers
 * lists the topic layer's consumers (topics.ts).
 */
const USER_IP = LEN.IPV4 + 6;

export const PERFORMANCE_TABLES: SystemTableDef[] = [
  {
    name: 'perf_connections',
    sysInfo: false,
    columns: [
      uint('conn_id'),
      varchar('user', LEN.USER),
      varchar('app', LEN.APP_NAME),
      uint('pid'),
      varchar('end_point', LEN.EP),
      timestamp('login_time'),
      timestamp('last_access'),
      varchar('user_app', LEN.APP_NAME),
      varchar('user_ip', USER_IP),
    ],
    rows: connectionRows,
  },
  {
    name: 'perf_queries',
    sysInfo: false,
    columns: [
      varchar('kill_id', LEN.QUERY_ID),
      ubigint('query_id'),
      uint('conn_id'),
      varchar('app', LEN.APP_NAME),
      int('pid'),
      varchar('user', LEN.USER),
      varchar('end_point', USER_IP),
      timestamp('create_time'),
      bigint('exec_usec'),
      bool('stable_query'),
      bool('sub_query'),
      int('sub_num'),
      varchar('sub_status', 1000),
      varchar('sql', LEN.SHOW_SQL),
      varchar('user_app', LEN.APP_NAME),
      varchar('user_ip', USER_IP),
    ],
    rows: queryRows,
  },
  {
    name: 'perf_consumers',
    sysInfo: false,
    columns: consumerColumns,
    rows: consumerRows,
  },
  {
    name: 'perf_trans',
    sysInfo: false,
    columns: [
      int('id'),
      timestamp('create_time'),
      varchar('stage', 12),
      varchar('oper', 14),
      varchar('db', LEN.DB_NAME),
      varchar('stable', LEN.TABLE_NAME),
      varchar('killable', 10),
      int('failed_times'),
      timestamp('last_exec_time'),
      varchar('last_action_info', 511),
    ],
    rows: () => [],
  },
  {
    name: 'perf_apps',
    sysInfo: false,
    columns: [
      ubigint('app_id'),
      varchar('ip', LEN.IPV4),
      int('pid'),
      varchar('name', LEN.APP_NAME),
      timestamp('start_time'),
      ubigint('insert_req'),
      ubigint('insert_row'),
      ubigint('insert_time'),
      ubigint('insert_bytes'),
      ubigint('fetch_bytes'),
      ubigint('query_time'),
      ubigint('slow_query'),
      ubigint('total_req'),
      ubigint('current_req'),
      timestamp('last_access'),
    ],
    rows: () => [],
  },
];

/** Non-root users see only their own queries. `kill_id` is `<conn_id>:<query_id>` as KILL QUERY takes it. */
function queryRows(ctx: QueryContext): unknown[][] {
  return runningQueries(ctx.catalog)
    .filter((q) => ctx.user.superuser || q.user === ctx.user.name)
    .map((q) => [
      killId(q),
      q.queryId,
      0,
      '',
      process.pid,
      q.user,
      '',
      q.startMs,
      Math.max(0, Date.now() - q.startMs) * 1000,
      false,
      false,
      0,
      '',
      q.sql,
      '',
      '',
    ]);
}

/**
 * The engine plays taosAdapter and taosd in one process: `app` is 'taosadapter' and `pid` the engine's, as TDengine
 * shows a REST/WebSocket client's connection; `end_point` is the client's own address:port; `user_app` / `user_ip`
 * are the `app` / `ip` request parameters. Non-root users see only their own connections.
 */
function connectionRows(ctx: QueryContext): unknown[][] {
  return connections(ctx.catalog)
    .filter((c) => ctx.user.superuser || c.user === ctx.user.name)
    .map((c) => [c.connId, c.user, 'taosadapter', process.pid, endPoint(c.socket), c.loginTime, c.lastAccess, c.userApp, c.userIp]);
}
