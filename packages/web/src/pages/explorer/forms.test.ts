import { describe, expect, it } from 'vitest';
import { DATABASE_DEFAULTS, blankField } from '../../explorer-sql';
import { databaseFormSchema, databaseFormSchemaFor, keepProblem } from './database/schema';
import { refillAfterFailure, stableFormSchema, tableFormSchema, tagValueFits } from './stable/schema';
import { csvFileProblem } from './import/fileRules';
import { allowedActions, isExpired } from './privileges/rules';
import { viewFormSchema } from './views/ViewsPanel';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe('database form', () => {
  const ok = { name: 'power', ...DATABASE_DEFAULTS };

  it('accepts the defaults', () => {
    expect(messages(databaseFormSchema.safeParse(ok))).toEqual([]);
  });

  it('names: format, reserved words, reserved databases', () => {
    expect(messages(databaseFormSchema.safeParse({ ...ok, name: '9x' }))).toEqual(['name:explorer.validation.name.format']);
    expect(messages(databaseFormSchema.safeParse({ ...ok, name: 'select' }))).toEqual(['name:explorer.validation.name.reserved']);
    expect(messages(databaseFormSchema.safeParse({ ...ok, name: '`select`' }))).toEqual([]);
    expect(messages(databaseFormSchema.safeParse({ ...ok, name: 'information_schema' }))).toEqual(['name:explorer.validation.reservedDb']);
    expect(messages(databaseFormSchema.safeParse({ ...ok, name: '' }))).toEqual(['name:explorer.validation.name.required']);
  });

  it("the plan's ceilings, as the server checks them: VGROUPS per database, three replicas only with high availability", () => {
    const free = databaseFormSchemaFor({ ha: false, maxVgroups: 2 });
    expect(messages(free.safeParse({ ...ok, vgroups: 2 }))).toEqual([]);
    expect(messages(free.safeParse({ ...ok, vgroups: 3 }))).toEqual(['vgroups:explorer.validation.vgroupsPlan']);
    expect(messages(free.safeParse({ ...ok, replica: 3 }))).toEqual(['replica:explorer.validation.replica']);
    expect(messages(free.safeParse({ ...ok, replica: 2 }))).toEqual(['replica:explorer.validation.replica']);
    const highlyAvailable = databaseFormSchemaFor({ ha: true, maxVgroups: 4 });
    expect(messages(highlyAvailable.safeParse({ ...ok, replica: 3, vgroups: 4 }))).toEqual([]);
    // while the plan list loads nothing is held back; an edited database keeps the vgroups it has
    expect(messages(databaseFormSchemaFor({ ha: false }).safeParse({ ...ok, vgroups: 64 }))).toEqual([]);
    expect(messages(databaseFormSchemaFor({ ha: false, maxVgroups: 2 }, true).safeParse({ ...ok, vgroups: 64 }))).toEqual([]);
  });

  it('bounds of §3', () => {
    expect(messages(databaseFormSchema.safeParse({ ...ok, buffer: 2 }))).toEqual(['buffer:explorer.validation.integer']);
    expect(messages(databaseFormSchema.safeParse({ ...ok, buffer: 16385 }))).toEqual(['buffer:explorer.validation.integer']);
    expect(messages(databaseFormSchema.safeParse({ ...ok, cachesize: 65537 }))).toEqual(['cachesize:explorer.validation.integer']);
    expect(messages(databaseFormSchema.safeParse({ ...ok, wal_fsync_period: 180001 }))).toEqual(['wal_fsync_period:explorer.validation.integer']);
    expect(messages(databaseFormSchema.safeParse({ ...ok, pages: 63 }))).toEqual(['pages:explorer.validation.integer']);
    expect(messages(databaseFormSchema.safeParse({ ...ok, stt_trigger: 17 }))).toEqual(['stt_trigger:explorer.validation.integer']);
    expect(messages(databaseFormSchema.safeParse({ ...ok, comp: 3 }))).toEqual(['comp:validation.formFormat']);
    expect(messages(databaseFormSchema.safeParse({ ...ok, precision: 's' }))).toEqual(['precision:validation.formFormat']);
    expect(messages(databaseFormSchema.safeParse({ ...ok, minrows: 5000 }))).toEqual(['minrows:explorer.validation.minMaxRows']);
  });

  it('durations, keep (up to three, 1 to 365000 days, at least the duration) and retentions', () => {
    expect(messages(databaseFormSchema.safeParse({ ...ok, duration: '10x' }))).toEqual(['duration:explorer.validation.duration']);
    expect(messages(databaseFormSchema.safeParse({ ...ok, duration: '240h' }))).toEqual([]);
    expect(keepProblem('3650d')).toBe(false);
    expect(keepProblem('10,20,30')).toBe(false);
    expect(keepProblem('10,20,30,40')).toBe(true);
    expect(keepProblem('365001d')).toBe(true);
    expect(keepProblem('0d')).toBe(true);
    expect(messages(databaseFormSchema.safeParse({ ...ok, duration: '20d', keep: '10d' }))).toEqual(['keep:explorer.validation.keep']);
    expect(messages(databaseFormSchema.safeParse({ ...ok, retentions: '-:7d,1m:21d' }))).toEqual(['retentions:explorer.validation.retentions']);
    expect(messages(databaseFormSchema.safeParse({ ...ok, retentions: '-:7d,1m:21d,15m:50d' }))).toEqual([]);
  });
});

describe('super table form', () => {
  const base = { name: 'meters', columns: [{ field: 'ts', type: 'TIMESTAMP' }, { field: 'v', type: 'INT' }], tags: [{ field: 'loc', type: 'VARCHAR', length: 20 }] };

  it('accepts a valid form', () => {
    expect(messages(stableFormSchema.safeParse(base))).toEqual([]);
  });

  it('first column TIMESTAMP, a second column, a tag, unique names', () => {
    expect(messages(stableFormSchema.safeParse({ ...base, columns: [{ field: 'v', type: 'INT' }, { field: 'ts', type: 'TIMESTAMP' }] }))).toEqual(['columns:explorer.validation.firstTimestamp']);
    expect(messages(stableFormSchema.safeParse({ ...base, columns: [{ field: 'ts', type: 'TIMESTAMP' }] }))).toEqual(['columns:explorer.validation.columnsRequired']);
    expect(messages(stableFormSchema.safeParse({ ...base, tags: [] }))).toEqual(['tags:explorer.validation.tagsRequired']);
    expect(messages(stableFormSchema.safeParse({ ...base, tags: [{ field: 'V', type: 'INT' }] }))).toEqual(['tags.0.field:explorer.validation.duplicate']);
    expect(messages(stableFormSchema.safeParse({ ...base, tags: [{ field: 'j', type: 'JSON' }, { field: 'k', type: 'INT' }] }))).toEqual(['tags:explorer.validation.jsonTag']);
  });

  it('maximum lengths of §5', () => {
    const withTag = (type: string, length: number) => messages(stableFormSchema.safeParse({ ...base, tags: [{ field: 't', type, length }] }));
    expect(withTag('NCHAR', 4093)).toEqual([]);
    expect(withTag('NCHAR', 4094)).toEqual(['tags.0.length:explorer.validation.lengthRange']);
    expect(withTag('VARCHAR', 16374)).toEqual([]);
    expect(withTag('BINARY', 16375)).toEqual(['tags.0.length:explorer.validation.lengthRange']);
    expect(withTag('GEOMETRY', 16382)).toEqual([]);
    expect(withTag('VARBINARY', 16383)).toEqual(['tags.0.length:explorer.validation.lengthRange']);
  });

  it('§4 refill: emptied lists get one blank INT row, the rest is kept', () => {
    expect(refillAfterFailure({ name: 'x', columns: [], tags: [] })).toEqual({ name: 'x', columns: [blankField()], tags: [blankField()] });
    const kept = { name: 'x', columns: [{ field: 'ts', type: 'TIMESTAMP' as const }], tags: [] };
    expect(refillAfterFailure(kept).columns).toBe(kept.columns);
  });
});

describe('table form', () => {
  it('a child table needs its super table and tag values of the right type', () => {
    const child = { kind: 'child', name: 'd1', stable: '', columns: [], tags: [{ field: 'g', type: 'INT', value: 'x' }] };
    expect(messages(tableFormSchema.safeParse(child))).toEqual(['stable:explorer.validation.stableRequired', 'tags.0.value:explorer.validation.tagValue']);
    expect(messages(tableFormSchema.safeParse({ ...child, stable: 'meters', tags: [{ field: 'g', type: 'INT', value: '7' }] }))).toEqual([]);
    expect(tagValueFits('BOOL', 'maybe')).toBe(false);
    expect(tagValueFits('NCHAR', 'anything')).toBe(true);
  });

  it('a normal table needs a timestamp first', () => {
    expect(messages(tableFormSchema.safeParse({ kind: 'normal', name: 't', stable: '', columns: [{ field: 'v', type: 'INT' }], tags: [] }))).toEqual(['columns:explorer.validation.firstTimestamp']);
  });
});

describe('CSV file, privileges, views', () => {
  it('file name and size', () => {
    expect(csvFileProblem(null)?.key).toBe('explorer.validation.fileRequired');
    expect(csvFileProblem({ name: 'data 1.csv', size: 10 })).toBeNull();
    expect(csvFileProblem({ name: 'a;b.csv', size: 10 })?.key).toBe('explorer.validation.fileName');
    expect(csvFileProblem({ name: 'data.txt', size: 10 })?.key).toBe('explorer.validation.fileName');
    expect(csvFileProblem({ name: 'big.csv', size: 21 * 1024 * 1024 })?.key).toBe('explorer.validation.fileSize');
  });

  it('expired entries can only be deleted', () => {
    expect(isExpired({ status: 'ACTIVE', expiration: 1000 }, 2000)).toBe(true);
    expect(allowedActions({ status: 'ACTIVE', expiration: 1000 }, 2000)).toEqual(['delete']);
    expect(allowedActions({ status: 'ACTIVE', expiration: null })).toEqual(['disable', 'delete']);
    expect(allowedActions({ status: 'DISABLED', expiration: null })).toEqual(['active', 'delete']);
  });

  it('a view needs a name and a SELECT', () => {
    expect(messages(viewFormSchema.safeParse({ name: 'v1', sql: 'select * from t' }))).toEqual([]);
    expect(messages(viewFormSchema.safeParse({ name: '1v', sql: 'delete from t' }))).toEqual(['name:validation.viewName', 'sql:validation.viewQuery']);
  });
});
