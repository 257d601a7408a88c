import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@tscloud/contracts';
import type { Db } from '../../store/database';
import { roles, type RoleRow } from '../../store/schema';
import { ApiError } from '../../http/api-error';
import { rolePrivileges } from './role-privileges';

export function toRole(row: RoleRow): Role {
  return { id: row.id, name: row.name, description: row.description, privileges: rolePrivileges(row), builtin: row.builtin !== null, createdAt: row.createdAt };
}

export async function listRoles(db: Db, orgId: string): Promise<Role[]> {
  const rows = await db.select().from(roles).where(eq(roles.orgId, orgId)).orderBy(roles.createdAt, roles.name);
  return rows.map(toRole);
}

async function assertNameFree(db: Db, orgId: string, name: string, exceptId?: string): Promise<void> {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.orgId, orgId), sql`lower(${roles.name}) = lower(${name})`));
  if (rows.some((r) => r.id !== exceptId)) throw ApiError.conflict('error.nameUsed');
}

/** The custom role of an organization named by id; built-in roles are refused for changes. */
export async function customRole(db: Db, orgId: string, id: string): Promise<RoleRow> {
  const rows = await db.select().from(roles).where(and(eq(roles.orgId, orgId), eq(roles.id, id))).limit(1);
  if (!rows[0]) throw ApiError.notFound();
  if (rows[0].builtin) throw ApiError.badRequest('error.builtinRole');
  return rows[0];
}

export async function createRole(db: Db, now: number, orgId: string, input: { name: string; description: string; privileges: string[] }): Promise<Role> {
  await assertNameFree(db, orgId, input.name);
  const rows = await db
    .insert(roles)
    .values({ id: randomUUID(), orgId, name: input.name, description: input.description, privileges: [...new Set(input.privileges)], createdAt: now })
    .returning();
  return toRole(rows[0]);
}

export async function updateRole(db: Db, orgId: string, id: string, input: { name?: string; description?: string; privileges?: string[] }): Promise<Role> {
  await customRole(db, orgId, id);
  if (input.name) await assertNameFree(db, orgId, input.name, id);
  const changes: Partial<RoleRow> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.privileges !== undefined) changes.privileges = [...new Set(input.privileges)];
  const rows = await db.update(roles).set(changes).where(eq(roles.id, id)).returning();
  return toRole(rows[0]);
}

/** Deleting a role deletes its grants with it. */
export async function deleteRole(db: Db, orgId: string, id: string): Promise<void> {
  await customRole(db, orgId, id);
  await db.delete(roles).where(eq(roles.id, id));
}
