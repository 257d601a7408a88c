import { z } from 'zod';
import { instanceNameSchema } from '../validation/schemas';
import type { StreamModel } from '../validation/streams';
import { allowListEntrySchema } from './ip-allow';

/**
 * Instances (platform-shell.md §1 plans, §3 Instance, §4 statuses, §5 name/alias, §7 Instances and IP allow-list;
 * data-explorer.md §7 instance control). Wire names follow the spec (snake_case where the spec writes them so).
 */

/** §4 Instance statuses. */
export const InstanceStatus = {
  READY: 'Ready',
  STARTING: 'Starting',
  RUNNING: 'Running',
  FAILED: 'Failed',
  ERROR: 'Error',
  WARNING: 'Warning',
  SUSPENDED: 'Suspended',
  SUSPENDING: 'Suspending',
  STOPPING: 'Stopping',
  EXPANDING: 'Expanding',
  SHRINKING: 'Shrinking',
  UPGRADING: 'Upgrading',
  DELETED: 'Deleted',
} as const;
export type InstanceStatusValue = (typeof InstanceStatus)[keyof typeof InstanceStatus];

/** §4: statuses that keep the list and status polling going. */
export const TRANSITIONAL_STATUSES: readonly InstanceStatusValue[] = ['Suspending', 'Starting', 'Ready', 'Warning', 'Stopping', 'Expanding', 'Shrinking', 'Upgrading'];
/** §4: statuses that show a warning notice when the instance is selected. */
export const WARNING_STATUSES: readonly InstanceStatusValue[] = ['Failed', 'Error', 'Warning', 'Suspended'];

/** §1: the time-series database and the industrial data management type (IDMP). */
export const AppType = { TSDB: 'TSDB', TDASSET: 'TDASSET' } as const;
export type AppTypeValue = (typeof AppType)[keyof typeof AppType];

/** §1 plan levels. */
export const PlanLevel = { FREE: 0, STANDARD: 1, ENTERPRISE: 2 } as const;
export type PlanLevelValue = (typeof PlanLevel)[keyof typeof PlanLevel];

/** IDMP phases answered by GET /region/{r}/app/idmp/status/{id} (the spec names the call, not its phases). */
export type IdmpPhase = 'Pending' | 'Provisioning' | 'Ready' | 'Failed' | 'Suspended' | 'Deleted';

/** One instance as GET /api/app/list answers it (§3 Instance). */
export interface Instance {
  id: string;
  /** The cluster id. */
  name: string;
  alias: string;
  region_id: string;
  cloud_id: string;
  cloud_name: string;
  region_name: string;
  td_cluster_id: string;
  cluster_status: InstanceStatusValue;
  /** Why the instance is Failed (null otherwise). */
  status_reason: string | null;
  /** The server's version: our engine's, or the TDengine cluster's the instance lives on (version gates of the forms). */
  image_version: string;
  /** What serves the instance: an engine process of ours, or a namespace on a TDengine cluster (docs/clusters.md). */
  backend: InstanceBackend;
  /** The CREATE STREAM grammar the instance speaks: 3.3.6's classic form, or 3.3.7's trigger model. */
  stream_model: StreamModel;
  app_type: AppTypeValue;
  ha: 0 | 1;
  /** Where users' own clients reach the instance: the server's /gw/{id} (TDengine REST protocol). */
  gateway_url: string;
  type: AppTypeValue;
  plan: PlanLevelValue;
  url: string;
  /** Epoch ms. */
  create_time: number;
  /** Privileges held instance-wide (ORG and INSTANCE grants): what the instance's own screens and actions need. */
  privileges: string[];
  /**
   * Privileges held somewhere in the instance (database, super table or view grants too): enough to open the
   * screens that work per database (explorer), which show only what each grant covers.
   */
  resource_privileges: string[];
  quota_info: { storage: number; egress: number };
  app_price_plan_name: string;
  app_price_plan_level: PlanLevelValue;
  additional_storage: { support: boolean; metricType: 'STORAGE'; price: number; storage: number };
  additional_connector: AdditionalConnector[];
}

export type InstanceBackend = { kind: 'engine' } | { kind: 'tdengine-cluster'; cluster_name: string };

/** POST /region/{r}/app and /app/tsdb-asset answer the instance and its token, shown this once (kept hashed). */
export interface CreatedInstance {
  instance: Instance;
  token: string;
}

/** PUT /region/{r}/apptoken/reset/{id}: the new token, shown this once. */
export interface InstanceToken {
  token: string;
}

/** GET /region/{r}/monitor/cluster/status/{id}. */
export interface InstanceStatusInfo {
  id: string;
  cluster_status: InstanceStatusValue;
  status_reason: string | null;
}

/** GET /region/{r}/app/idmp/status/{id}. */
export interface IdmpStatusInfo {
  id: string;
  phase: IdmpPhase;
  cluster_status: InstanceStatusValue;
}

export interface AdditionalConnector {
  name: string;
  price: number;
  support: boolean;
}

/** GET /api/billing/PricePlan/list/instance?ha=1|0 (§3 Price plan). */
export interface PricePlan {
  id: string;
  name: string;
  planName: string;
  planNameShow: string;
  level: PlanLevelValue;
  basicChargeHourPrice: number;
  additionalConnector: AdditionalConnector[];
  limits: PlanLimits;
}

/** What a plan allows; the engine enforces the counts and resources (its limits.json). */
export interface PlanLimits {
  instancesPerOrg: number | null;
  cores: number;
  memoryGb: number;
  /** The storage the plan enforces (disk alerts, the storage quota). */
  storageGb: number;
  /**
   * Another statement of the plan's storage that the spec does not reconcile with storageGb (§1 free plan: 5 GB in
   * one place, 20 GB in another): shown beside it, never enforced.
   */
  storageGbOtherReading?: number;
  egressGb: number | null;
  databases: number | null;
  stables: number | null;
  tables: number | null;
  topics: number | null;
  streams: number | null;
  /** VGROUPS one database may have: two a core, at least TDengine's default of 2 (each is a vnode with its own buffer). */
  vgroupsPerDatabase: number;
  ipAllowList: boolean;
  ha: boolean;
}

/** GET /api/dict/cloud. */
export interface Cloud {
  id: string;
  name: string;
  regions: Region[];
}
export interface Region {
  id: string;
  name: string;
}

/** One IP allow-list entry (GET /region/{r}/appipwhitelist?app_id=). */
export interface IpAllowEntry {
  id: string;
  app_id: string;
  ip: string;
  create_time: number;
}

const haSchema = z.union([z.literal(0), z.literal(1), z.boolean()]).transform((v) => (v === true || v === 1 ? 1 : 0));

/** POST /region/{regionId}/app and /app/tsdb-asset (the /createFirstInstance flow sends the same). */
export const instanceCreateSchema = z.object({
  alias: instanceNameSchema,
  cloud_id: z.string().trim().min(1, { message: 'validation.required' }),
  price_plan_level: z.coerce.number().int().refine((v) => v === 0 || v === 1 || v === 2, { message: 'validation.formFormat' }),
  ha: haSchema.optional().default(0),
});
export type InstanceCreateRequest = z.input<typeof instanceCreateSchema>;

/** POST /region/{regionId}/app/alias. */
export const instanceAliasSchema = z.object({ app_id: z.string().min(1, { message: 'validation.required' }), alias: instanceNameSchema });
export type InstanceAliasRequest = z.infer<typeof instanceAliasSchema>;

/** GET /region/{r}/appipwhitelist?app_id= */
export const ipAllowListQuerySchema = z.object({ app_id: z.string().min(1, { message: 'validation.required' }) });
/** POST /region/{r}/appipwhitelist: IPv4 or IPv6, each an address or a CIDR range (./ip-allow.ts). */
export const ipAllowCreateSchema = z.object({ app_id: z.string().min(1, { message: 'validation.required' }), ip: allowListEntrySchema });
export type IpAllowCreateRequest = z.infer<typeof ipAllowCreateSchema>;

/** GET /billing/PricePlan/list/instance */
export const pricePlanQuerySchema = z.object({ ha: z.coerce.number().int().min(0).max(1).optional().default(0) });
