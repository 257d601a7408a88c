import { Privilege as P, satisfies, type AppMenuName, type MenuMap, type OrgMenuName, type PrivilegeRequirement } from '@tscloud/contracts';

/**
 * Which privileges each side-menu entry needs (names are the spec's navigation labels, §2). The web app's route
 * table asks for the same privileges per screen; this map is what GET /api/org/menus and GET /api/app/menus/{appId}
 * answer with (name → active). Documented in docs/access-control.md.
 */
/**
 * `resource`: a screen that works per database (it shows only what each grant covers: the explorer's tree, the
 * streams and topics the member's engine user sees), so a grant anywhere in
 * the instance opens it; every other instance entry needs its privileges instance-wide (ORG or INSTANCE grants),
 * like the server's instance routes.
 */
type Entry = PrivilegeRequirement & { marketplace?: boolean; resource?: boolean };

export const ORG_MENUS: Record<OrgMenuName, Entry> = {
  Instances: { allOf: [P.INSTANCE_READ] },
  Logs: { allOf: [P.ACTIVITY_READ] },
  Billing: { allOf: [P.BILLING_CREDIT_QUERY], marketplace: false },
  Metering: { allOf: [P.BILLING_CREDIT_QUERY], marketplace: true },
  Organization: { allOf: [P.USER_READ] },
  Activity: { allOf: [P.ACTIVITY_READ] },
  Ticket: { allOf: [P.TICKET_READ] },
  Messages: {},
  Setting: {},
  'DB Mart': { allOf: [P.INSTANCE_READ] },
};

export const APP_MENUS: Record<AppMenuName, Entry> = {
  Dashboard: { allOf: [P.MONITOR_READ] },
  Data: { allOf: [P.DB_READ], resource: true },
  'Data In': { allOf: [P.DB_WRITE, P.REPLICATION_READ], resource: true },
  'Data Out': { allOf: [P.REPLICATION_READ] },
  Connector: { allOf: [P.DB_WRITE], resource: true },
  Console: { allOf: [P.DB_READ], resource: true },
  Explorer: { allOf: [P.DB_READ], resource: true },
  'Slow Queries': { allOf: [P.MONITOR_READ] },
  Programming: { allOf: [P.INSTANCE_READ] },
  Visualization: { allOf: [P.DB_READ], resource: true },
  Streams: { allOf: [P.DB_READ], resource: true },
  Topics: { allOf: [P.DB_READ], resource: true },
  Tools: { allOf: [P.INSTANCE_READ] },
  Replication: { allOf: [P.INSTANCE_ACCESS_MANAGE, P.REPLICATION_READ] },
  Management: { allOf: [P.INSTANCE_ACCESS_MANAGE] },
  'TSDB Users': { allOf: [P.INSTANCE_ACCESS_MANAGE] },
  Logs: { allOf: [P.INSTANCE_ACCESS_MANAGE, P.ACTIVITY_READ] },
};

/**
 * name → active for the held privileges (`reaching`: held anywhere in the instance, for `resource` entries);
 * marketplace-only entries follow the deployment.
 */
export function menuMap(entries: Record<string, Entry>, held: ReadonlySet<string>, marketplace: boolean, reaching: ReadonlySet<string> = held): MenuMap {
  const map: MenuMap = {};
  for (const [name, entry] of Object.entries(entries)) {
    map[name] = (entry.marketplace === undefined || entry.marketplace === marketplace) && satisfies(entry.resource ? reaching : held, entry);
  }
  return map;
}
