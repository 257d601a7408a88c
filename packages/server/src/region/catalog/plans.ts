import type { PlanLevelValue, PlanLimits, PricePlan } from '@tscloud/contracts';

/**
 * The price plans as data (platform-shell.md §1, §3 Price plan). Free plan limits follow §1 (0.5 core, 2 GB
 * memory, 5 GB egress, one instance, 3 databases; storage 5 GB enforced, the other reading of 20 GB shown beside it); the remaining
 * counts are parameters, chosen here. Hourly prices are ours (the spec shows none). HA doubles the hourly price.
 */
interface PlanData {
  level: PlanLevelValue;
  name: string;
  hourPrice: number;
  limits: PlanLimits;
}

const PLANS: readonly PlanData[] = [
  {
    level: 0,
    name: 'FREE',
    hourPrice: 0,
    limits: { instancesPerOrg: 1, cores: 0.5, memoryGb: 2, storageGb: 5, storageGbOtherReading: 20, egressGb: 5, databases: 3, stables: 100, tables: 10_000, topics: 5, streams: 5, vgroupsPerDatabase: 2, ipAllowList: false, ha: false },
  },
  {
    level: 1,
    name: 'STANDARD',
    hourPrice: 0.25,
    limits: { instancesPerOrg: null, cores: 2, memoryGb: 8, storageGb: 100, egressGb: null, databases: 50, stables: 1_000, tables: 1_000_000, topics: 50, streams: 50, vgroupsPerDatabase: 4, ipAllowList: true, ha: true },
  },
  {
    level: 2,
    name: 'ENTERPRISE',
    hourPrice: 1,
    limits: { instancesPerOrg: null, cores: 8, memoryGb: 32, storageGb: 1_000, egressGb: null, databases: null, stables: null, tables: null, topics: null, streams: null, vgroupsPerDatabase: 16, ipAllowList: true, ha: true },
  },
];

const CONNECTORS = ['MQTT', 'Kafka', 'OPC-UA', 'OPC-DA', 'InfluxDB', 'OpenTSDB', 'CSV'];

export function planOf(level: number): PlanData | null {
  return PLANS.find((p) => p.level === level) ?? null;
}

function label(name: string): string {
  return name.charAt(0) + name.slice(1).toLowerCase();
}

/** GET /api/billing/PricePlan/list/instance?ha=1|0: HA is offered only by plans that support it. */
export function pricePlans(ha: 0 | 1): PricePlan[] {
  return PLANS.filter((p) => ha === 0 || p.limits.ha).map((p) => ({
    id: String(p.level),
    name: p.name,
    planName: p.name,
    planNameShow: label(p.name),
    level: p.level,
    basicChargeHourPrice: p.hourPrice * (ha ? 2 : 1),
    // The free plan includes the CSV connector only; paid plans may add the others at an hourly price.
    additionalConnector: CONNECTORS.map((name) => ({ name, price: p.level === 0 ? 0 : 0.05, support: p.level > 0 || name === 'CSV' })),
    limits: p.limits,
  }));
}

/**
 * The engine's limits.json for a plan (docs/engine-storage.md "Limits"): counts plus DuckDB threads/memory, and the
 * dnodes a high-availability instance stands for (three, so its databases' default of three replicas is accepted),
 * and the VGROUPS a database may ask for.
 */
export function engineLimitsFor(level: PlanLevelValue, ha = false): Record<string, number | string> {
  const { limits } = planOf(level) ?? PLANS[0];
  const out: Record<string, number | string> = {
    // DuckDB runs whole threads: half a core is one thread.
    threads: Math.max(1, Math.floor(limits.cores)),
    memoryLimit: `${limits.memoryGb}GB`,
  };
  if (limits.databases !== null) out.maxDatabases = limits.databases;
  if (limits.stables !== null) out.maxStables = limits.stables;
  if (limits.tables !== null) out.maxTables = limits.tables;
  if (limits.topics !== null) out.maxTopics = limits.topics;
  if (limits.streams !== null) out.maxStreams = limits.streams;
  out.maxVgroups = limits.vgroupsPerDatabase;
  if (ha) out.dnodes = 3;
  return out;
}
