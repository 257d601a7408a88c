import { connectorDefinition, valuesOfFromExpand, type ConnectorId, type FromExpand } from '@tscloud/contracts';
import type { SourceReader } from '../pipeline/types';
import { csvFilesDir } from './csv';
import { remoteGuard } from './guard-channel';
import { sourceFor } from './index';

/** What the runner's worker knows of the task; the CSV files area comes from csvDir, or dataDir and the instance. */
export interface ModuleSourceContext {
  taskId: string;
  connector: string;
  csvDir?: string;
  dataDir?: string;
  instanceId?: string;
}

/**
 * The module form the runner's registry imports in a task's worker (runner/sources.ts: `createSource(config,
 * context)`): a saved task's from_expand back to the form's flat values, then the connector's reader.
 */
export function createSource(config: FromExpand, context: ModuleSourceContext): SourceReader {
  const definition = connectorDefinition(context.connector as ConnectorId);
  if (!definition) throw new Error(`unknown connector ${context.connector}`);
  const csvDir = context.csvDir ?? (context.dataDir && context.instanceId ? csvFilesDir(context.dataDir, context.instanceId) : undefined);
  // The worker has no store: the main thread answers which targets the instance's task may reach.
  const guard = context.instanceId ? remoteGuard(context.instanceId) : undefined;
  return sourceFor(context.connector, valuesOfFromExpand(definition, config), { csvDir, guard });
}
