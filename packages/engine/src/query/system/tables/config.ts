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
/** TDengine's configuration categories: `global` settings must agree across the cluster, `local` are one node's. */
export type VariableCategory = 'global' | 'local';

export interface Variable {
  name: string;
  value: string;
  scope: VariableScope;
  category: VariableCategory;
  info: string;
}

export async function variables(ctx: QueryContext): Promise<Variable[]> {
  const { rows } = await ctx.storage.query(`SELECT current_setting('threads'), current_setting('memory_limit')`);
  const [threads, memoryLimit] = rows[0] ?? [null, null];
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const v = (name: string, value: unknown, scope: VariableScope, category: VariableCategory, info = ''): Variable => ({
    name,
    value: String(value),
    scope,
    category,
    info,
  });
  return [
    v('firstEp', endpoint(), 'both', 'local', 'first endpoint of the cluster'),
    v('fqdn', os.hostname(), 'both', 'local'),
    v('serverPort', NATIVE_PORT, 'both', 'local'),
    v('timezone', zone, 'both', 'global'),
    v('locale', process.env.LANG ?? 'C.UTF-8', 'both', 'global'),
    v('charset', 'UTF-8', 'both', 'global'),
    v('numOfCores', os.cpus().length, 'server', 'local'),
    v('supportVnodes', supportVnodes(), 'server', 'local'),
    v('statusInterval', 1, 'server', 'global'),
    v('queryPolicy', 1, 'both', 'local'),
    v('duckdbThreads', threads, 'server', 'local', 'DuckDB worker threads'),
    v('duckdbMemoryLimit', memoryLimit, 'server', 'local', 'DuckDB memory limit'),
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
    const all = [...(await variables(ctx)), { name: 'dataDir', value: ctx.storage.dataDir, scope: 'server' as const, category: 'local' as const, info: '' }];
    return all.map((x) => [DNODE_ID, x.name, x.value, x.scope, x.info]);
  },
};

/**
 * SHOW [CLUSTER] VARIABLES and SHOW LOCAL VARIABLES: name, value, scope, category and info, with the lengths TDengine
 * 3.3.7.5 reports (each declared length less its NUL and 2-byte header). LOCAL is the client-side set (REST has no
 * client library, so the engine answers for it); the cluster form the server-side set.
 */
export const VARIABLE_COLUMNS = [
  varchar('name', LEN.CONFIG_OPTION - 2),
  varchar('value', LEN.CONFIG_PATH - 2),
  varchar('scope', LEN.CONFIG_SCOPE - 2),
  varchar('category', LEN.CONFIG_SCOPE - 2),
  varchar('info', LEN.CONFIG_INFO - 2),
];

export async function variableRows(ctx: QueryContext, side: 'server' | 'client'): Promise<unknown[][]> {
  const other = side === 'server' ? 'client' : 'server';
  return (await variables(ctx)).filter((x) => x.scope !== other).map((x) => [x.name, x.value, x.scope, x.category, x.info]);
}

/** A community build: nothing expires, nothing is capped by licence (plan limits are the engine's limits file). */
export const grantsTable: SystemTableDef = {
  name: 'ins_grants',
  sysInfo: true,
  columns: [
    varchar('version', 64, SYS),
    varchar('expire_time', 19, SYS),
    varchar('service_time', 19, SYS),
    varchar('expired', 5, SYS),
    varchar('state', 9, SYS),
    varchar('timeseries', 43, SYS),
    varchar('dnodes', 21, SYS),
    varchar('cpu_cores', 21, SYS),
    varchar('vnodes', 21, SYS),
    varchar('storage_size', 43, SYS),
  ],
  rows: () => [['community', 'unlimited', 'unlimited', 'false', 'normal', 'unlimited', 'unlimited', 'unlimited', 'unlimited', 'unlimited']],
};
