/**
 * Shapes of server answers the shell reads that @tscloud/contracts does not publish yet (instances arrive with
 * issue 4). Everything else comes from contracts.
 */
export interface Instance {
  id: string;
  name: string;
  alias?: string;
  region_id: string;
  cluster_status: string;
  app_type: string;
  /** Held instance-wide (ORG and INSTANCE grants): the instance's own screens and actions. */
  privileges?: string[];
  /** Held somewhere in the instance (database, super table or view grants too): the per-database screens. */
  resource_privileges?: string[];
}
