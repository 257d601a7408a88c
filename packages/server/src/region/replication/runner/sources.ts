import type { FromExpand } from '@tscloud/contracts';
import type { SourceReader } from '../pipeline/types';

/**
 * The source registry: which module reads each connector. A module exports `createSource(config, context)`
 * answering a SourceReader (pipeline/types.ts). Runs in the task's worker thread, so entries are module URLs
 * imported there, not objects. The real sources live in replication/sources/ and are added to BUILT_IN.
 */
export interface SourceContext {
  taskId: string;
  connector: string;
  instanceId: string;
  /** The server's DATA_DIR (CSV files are uploaded under it). */
  dataDir?: string;
}

export type CreateSource = (config: FromExpand, context: SourceContext) => SourceReader | Promise<SourceReader>;

/** Connector → module (relative to this file) of the sources built in: sources/module.ts reads them all. */
const SOURCES_MODULE = '../sources/module.ts';
const BUILT_IN: Record<string, string> = { mqtt: SOURCES_MODULE, postgres: SOURCES_MODULE, mysql: SOURCES_MODULE, csv: SOURCES_MODULE, tmq: SOURCES_MODULE };

/** Set in the main thread, passed to every worker started after (tests use it for a fake source). */
const overrides: Record<string, string> = {};

/**
 * Reads `connector` with the module at `moduleUrl` in the workers started from now on; returns the undoing of it (a
 * test file puts the built-in source back when it ends: files share a worker's module graph).
 */
export function registerSourceModule(connector: string, moduleUrl: string): () => void {
  const before = overrides[connector];
  overrides[connector] = moduleUrl;
  return () => {
    if (before === undefined) delete overrides[connector];
    else overrides[connector] = before;
  };
}

export function sourceModuleOverrides(): Record<string, string> {
  return { ...overrides };
}

/** The reader of a connector's source, or an error naming a connector no module reads yet. */
export async function sourceFor(connector: string, config: FromExpand, context: SourceContext, modules: Record<string, string>): Promise<SourceReader> {
  const url = modules[connector] ?? (BUILT_IN[connector] ? new URL(BUILT_IN[connector], import.meta.url).href : undefined);
  if (!url) throw new Error(`no source reads ${connector} yet`);
  const module = (await import(url)) as { createSource: CreateSource };
  return module.createSource(config, context);
}
