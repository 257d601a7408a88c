import os from 'node:os';
import type { QueryContext } from '../../context';
import { int, LEN, SYS, varchar } from '../columns';
import { DNODE_ID, endpoint, NATIVE_PORT, supportVnodes } from '../node';
import type { SystemTableDef } from '../table-def';

/**
 * Configuration variables: ins_configs (SHOW [CLUSTER] VARIABLES), ins_dnode_variables (SHOW DNODE n VARIABLES)
 * and the client-side set of SHOW LOCAL VARIABLES. Values are this engine's real settings, under TDengine's names
 * where one exists; `duckdb*` are the engine's own (DuckDB threads and memory limit from the limits file).
 */
export type VariableScope = 'server' | 'client' | 'both';

export interface Variable {
  name: string;
  value: string;
  scope: VariableScope;
  info: string;
}

export async function variables(ctx: QueryContext): Promise<Variable[]> {
  const { rows } = await ctx.storage.query(`SELECT current_setting('threads'), current_setting('memory_limit')`);
  const [threads, memoryLimit] = rows[0] ?? [null, null];
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const v = (name: string, value: unknown, scope: VariableScope, info = ''): Variable => ({ name, value: String(value), scope, info });
  return [
    v('firstEp', endpoint(), 'both', 'first endpoint of the cluster'),
    v('fqdn', os.hostname(), 'both'),
    v('serverPort', NATIVE_PORT, 'both'),
    v('timezone', zone, 'both'),
    v('locale', process.env.LANG ?? 'C.UTF-8', 'both'),
    v('charset', 'UTF-8', 'both'),
    v('numOfCores', os.cpus().length, 'server'),
    v('supportVnodes', supportVnodes(), 'server'),
    v('statusInterval', 1, 'server'),
    v('queryPolicy', 1, 'both'),
    v('duckdbThreads', threads, 'server', 'DuckDB worker threads'),
    v('duckdbMemoryLimit', memoryLimit, 'server', 'DuckDB memory limit'),
  ];
}

export const configsTable: SystemTableDef = {
  name: 'ins_configs',
  sysInfo: false,
  columns: [varchar('name', LEN.CONFIG_OPTION), varchar('value', LEN.CONFIG_VALUE)],
  async rows(ctx) {
    return (await variables(ctx)).filter((x) => x.scope !== 'client').map((x) => [x.name, x.value]);
  },
};

export const dnodeVariablesTable: SystemTableDef = {
  name: 'ins_dnode_variables',
  sysInfo: true,
  columns: [
    int('dnode_id', SYS),
    varchar('name', LEN.CONFIG_OPTION, SYS),
    varchar('value', LEN.CONFIG_PATH, SYS),
    varchar('scope', LEN.CONFIG_SCOPE, SYS),
    varchar('info', LEN.CONFIG_INFO, SYS),
  ],
  async rows(ctx) {
    const all = [...(await variables(ctx)), { name: 'dataDir', value: ctx.storage.dataDir, scope: 'server' as const, info: '' }];
    return all.map((x) => [DNODE_ID, x.name, x.value, x.scope, x.info]);
  },
};

/** SHOW LOCAL VARIABLES: the client-side settings (REST has no client library, so the engine answers for it). */
export const LOCAL_VARIABLE_COLUMNS = [
  varchar('name', LEN.CONFIG_OPTION),
  varchar('value', LEN.CONFIG_PATH),
  varchar('scope', LEN.CONFIG_SCOPE),
];

export async function localVariableRows(ctx: QueryContext): Promise<unknown[][]> {
  return (await variables(ctx)).filter((x) => x.scope !== 'server').map((x) => [x.name, x.value, x.scope]);
}

/** A community build: nothing expires, nothing is capped by licence (plan limits are the engine's limits file). */
export const grantsTable: SystemTableDef = {
  name: 'ins_grants',
  sysInfo: true,
  columns: [
    varchar('version', 9, SYS),
    varchar('expire_time', 19, SYS),
    varchar('service_time', 19, SYS),
    varchar('expired', 5, SYS),
    varchar('state', 9, SYS),
    varchar('timeseries', 21, SYS),
    varchar('dnodes', 10, SYS),
    varchar('cpu_cores', 10, SYS),
  ],
  rows: () => [['community', 'unlimited', 'unlimited', 'false', 'normal', 'unlimited', 'unlimited', 'unlimited']],
};
