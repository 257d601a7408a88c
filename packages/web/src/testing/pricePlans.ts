import type { PricePlan } from '@tscloud/contracts';

/** A price plan as the plan list call answers it (free: one instance of 0.5 cores; no IP allow list or HA). Test-only helper. */
export const testPlan = (level: 0 | 1 | 2, price: number): PricePlan => ({
  id: String(level),
  name: ['FREE', 'STANDARD', 'ENTERPRISE'][level],
  planName: ['FREE', 'STANDARD', 'ENTERPRISE'][level],
  planNameShow: ['Free', 'Standard', 'Enterprise'][level],
  level,
  basicChargeHourPrice: price,
  // CSV on every plan, MQTT on the paid ones (as the server's catalogue offers them).
  additionalConnector: [
    { name: 'CSV', price: 0, support: true },
    { name: 'MQTT', price: 0.05, support: level > 0 },
  ],
  limits: { instancesPerOrg: level === 0 ? 1 : null, cores: level === 0 ? 0.5 : 2, memoryGb: 2, storageGb: 5, ...(level === 0 ? { storageGbOtherReading: 20 } : {}), egressGb: 5, databases: 3, stables: 100, tables: 1000, topics: 5, streams: 5, vgroupsPerDatabase: level === 0 ? 2 : 4, ipAllowList: level > 0, ha: level > 0 },
});

/** The answer to GET /api/billing/PricePlan/list/instance for a request URL: with ha=1 the plans that offer HA. */
export const testPlanList = (url: string): PricePlan[] =>
  url.includes('ha=1') ? [testPlan(1, 0.5), testPlan(2, 2)] : [testPlan(0, 0), testPlan(1, 0.25), testPlan(2, 1)];
