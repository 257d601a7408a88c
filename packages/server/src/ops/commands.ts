import { randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { BannerType, BuiltinRole, type Banner } from '@tscloud/contracts';
import type { AppDeps } from '../deps';
import { buildApp } from '../app';
import { orgMembers, organizations, roleGrants, roles, users } from '../store/schema';
import { findUserByEmail, revokeUserSessions, updateUser } from '../platform/accounts';
import { clearBanner, getBanner, setBanner } from '../platform/banner';
import { demoTokenText, seedDemo } from '../platform/demo';
import { BILLING_COMMANDS, CLUSTER_COMMANDS, PLATFORM_DB_COMMANDS } from '../region';
import { MARKETPLACE_COMMANDS } from '../platform/accounts/marketplace-commands';
import { BILLING_REQUEST_COMMANDS } from '../platform/billing/requests/ops-commands';
import { addStaff, listStaff, removeStaff } from '../platform/support';

export type Print = (line: string) => void;

/** What `npm run ops -- <command>` can do; each command gets the store-backed deps and a printer. */
export interface Command {
  usage: string;
  help: string;
  run(deps: AppDeps, args: string[], print: Print): Promise<void>;
}

function table(rows: Array<Record<string, unknown>>, print: Print): void {
  if (rows.length === 0) return print('(none)');
  const keys = Object.keys(rows[0]);
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k] ?? '').length)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i])).join('  ').trimEnd();
  print(line(keys));
  for (const r of rows) print(line(keys.map((k) => String(r[k] ?? ''))));
}

async function userByEmail(deps: AppDeps, email: string | undefined) {
  if (!email) throw new Error('an e-mail address is required');
  const user = await findUserByEmail(deps.store.db, email);
  if (!user) throw new Error(`no account with the e-mail ${email}`);
  return user;
}

async function setUserStatus(deps: AppDeps, email: string | undefined, status: 'ACTIVE' | 'DISABLED', print: Print): Promise<void> {
  const user = await userByEmail(deps, email);
  await updateUser(deps.store.db, deps.clock, user.id, { status });
  // A disabled account is signed out everywhere at once.
  if (status === 'DISABLED') await revokeUserSessions(deps.store.db, deps.clock, user.id);
  print(`${user.email}: ${status}`);
}

export const COMMANDS: Record<string, Command> = {
  'banner show': {
    usage: 'banner show',
    help: 'print the maintenance banner',
    run: async (deps, _args, print) => {
      const banner = await getBanner(deps.store.db);
      print(banner ? `${banner.type}: ${banner.content}` : '(no banner)');
    },
  },
  'banner set': {
    usage: `banner set <${BannerType.join('|')}> <text…>`,
    help: 'show a maintenance banner (ERROR sends every page of the console to the maintenance page)',
    run: async (deps, [type, ...words], print) => {
      const banner = { type: (type ?? '').toUpperCase(), content: words.join(' ').trim() } as Banner;
      await setBanner(deps.store.db, banner);
      print(`banner set: ${banner.type}: ${banner.content}`);
    },
  },
  'banner clear': {
    usage: 'banner clear',
    help: 'remove the maintenance banner',
    run: async (deps, _args, print) => {
      await clearBanner(deps.store.db);
      print('banner cleared');
    },
  },
  'user list': {
    usage: 'user list',
    help: 'list the accounts',
    run: async (deps, _args, print) => {
      const rows = await deps.store.db
        .select({ email: users.email, status: users.status, accountStatus: users.accountStatus, name: users.firstName, id: users.id })
        .from(users)
        .orderBy(asc(users.email));
      table(rows, print);
    },
  },
  'user disable': {
    usage: 'user disable <email>',
    help: 'disable an account and end its sessions',
    run: (deps, [email], print) => setUserStatus(deps, email, 'DISABLED', print),
  },
  'user enable': {
    usage: 'user enable <email>',
    help: 'enable a disabled account',
    run: (deps, [email], print) => setUserStatus(deps, email, 'ACTIVE', print),
  },
  'staff add': {
    usage: 'staff add <email>',
    help: 'make an account support staff (the support desk)',
    run: async (deps, [email], print) => {
      const user = await userByEmail(deps, email);
      await addStaff(deps.store.db, deps.clock, user.id);
      print(`${user.email}: support staff`);
    },
  },
  'staff remove': {
    usage: 'staff remove <email>',
    help: 'take support staff away from an account',
    run: async (deps, [email], print) => {
      const user = await userByEmail(deps, email);
      await removeStaff(deps.store.db, user.id);
      print(`${user.email}: not support staff`);
    },
  },
  'staff list': {
    usage: 'staff list',
    help: 'list the support staff accounts',
    run: async (deps, _args, print) => table(await listStaff(deps.store.db), print),
  },
  'org list': {
    usage: 'org list',
    help: 'list the organizations with their owner and member count',
    run: async (deps, _args, print) => {
      const rows = await deps.store.db
        .select({ name: organizations.name, status: organizations.status, owner: users.email, members: count(orgMembers.id), id: organizations.id })
        .from(organizations)
        .innerJoin(users, eq(users.id, organizations.ownerId))
        .leftJoin(orgMembers, eq(orgMembers.orgId, organizations.id))
        .groupBy(organizations.id, users.email)
        .orderBy(asc(organizations.name));
      table(rows, print);
    },
  },
  'grant-admin': {
    usage: 'grant-admin <email> <organization id>',
    help: "make an account an active member of an organization with the built-in Admin role (support's way in)",
    run: async (deps, [email, orgId], print) => {
      const user = await userByEmail(deps, email);
      const { db } = deps.store;
      const org = (await db.select().from(organizations).where(eq(organizations.id, orgId ?? '')).limit(1))[0];
      if (!org) throw new Error(`no organization ${orgId ?? ''} (see: org list)`);
      const now = deps.clock.now();
      await db
        .insert(orgMembers)
        .values({ id: randomUUID(), orgId: org.id, userId: user.id, email: user.email, status: 'ACTIVE', invitedAt: now, joinedAt: now })
        .onConflictDoNothing();
      await db.update(orgMembers).set({ status: 'ACTIVE', userId: user.id, joinedAt: now }).where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.email, user.email)));
      const member = (await db.select().from(orgMembers).where(and(eq(orgMembers.orgId, org.id), eq(orgMembers.userId, user.id))).limit(1))[0];
      const admin = (await db.select().from(roles).where(and(eq(roles.orgId, org.id), eq(roles.builtin, BuiltinRole.ADMIN))).limit(1))[0];
      await db.insert(roleGrants).values({ id: randomUUID(), orgId: org.id, roleId: admin.id, memberId: member.id, resType: 'ORG', createdAt: now });
      print(`${user.email} is an Admin of ${org.name}`);
    },
  },
  routes: {
    usage: 'routes',
    help: 'print every API route with its access policy',
    run: async (deps, _args, print) => {
      // Only the route table is wanted: the web app is not served, and the app is never made ready, so that nothing
      // of the server's background work (the instance lifecycle starting engines) runs for a printout. The table is
      // complete once the plugins are registered.
      const app = await buildApp({ ...deps, config: { ...deps.config, webDist: '/nonexistent' } });
      table(
        app.routeTable.map((r) => ({
          method: r.method,
          url: r.url,
          access: r.policy.access,
          // Instance routes: whole instance, or one resource inside it (docs/access-control.md "Route scopes").
          scope: r.policy.access === 'instance' ? (r.policy.scope ?? 'instance') : '',
          privileges: [...(r.policy.privileges?.allOf ?? []), ...(r.policy.privileges?.anyOf ?? []).map((p) => `any:${p}`)].join(','),
          write: r.policy.write ? 'write' : '',
          mfa: r.policy.mfa ?? '',
        })),
        print,
      );
      await app.close();
    },
  },
  demo: {
    usage: 'demo',
    help: 'create (or restore) the demo account and its organization',
    run: async (deps, _args, print) => {
      const demo = await seedDemo(deps, process.env.TSCLOUD_DEMO_PASSWORD || undefined);
      print(`demo account: ${demo.email} / ${demo.password} (organization ${demo.orgId})`);
      print(`demo instance "${demo.instance.alias}": ${demo.instance.id} ${demoTokenText(demo.instance)}`);
    },
  },
  ...BILLING_COMMANDS,
  ...BILLING_REQUEST_COMMANDS,
  ...MARKETPLACE_COMMANDS,
  ...PLATFORM_DB_COMMANDS,
  ...CLUSTER_COMMANDS,
};

/** Finds the command named by the first one or two words. */
export function findCommand(argv: string[]): { command: Command; args: string[] } | null {
  const two = argv.slice(0, 2).join(' ');
  if (COMMANDS[two]) return { command: COMMANDS[two], args: argv.slice(2) };
  if (argv[0] && COMMANDS[argv[0]]) return { command: COMMANDS[argv[0]], args: argv.slice(1) };
  return null;
}

export function usage(): string {
  return ['usage: npm run ops -- <command>', '', ...Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(36)} ${c.help}`)].join('\n');
}
