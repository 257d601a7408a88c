import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Catalog } from '../../src/catalog/catalog';
import { createDbOptions } from '../../src/catalog/db-options';
import { verifyPassword } from '../../src/auth/password';
import type { Limits } from '../../src/limits/limits';
import { TdError } from '../../src/errors';

let dir: string;
let limits: Limits;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-catalog-'));
  limits = {};
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const open = () => Catalog.open(dir, () => limits);
const stableDef = (name: string) => ({
  name,
  columns: [
    { name: 'ts', type: { name: 'TIMESTAMP' as const } },
    { name: 'v', type: { name: 'INT' as const } },
  ],
  tags: [{ name: 't', type: { name: 'VARCHAR' as const, length: 8 } }],
});

describe('Catalog', () => {
  it('creates root/taosdata with a hashed password', () => {
    const c = open();
    const root = c.user('root');
    expect(root.superuser).toBe(true);
    expect(root.password).not.toContain('taosdata');
    expect(verifyPassword('taosdata', root.password)).toBe(true);
  });

  it('persists databases, super tables, normal tables, views, users and grants across reopen', () => {
    const c = open();
    c.createDatabase('power', createDbOptions([{ name: 'PRECISION', values: ['us'] }]), 'root');
    const stb = c.createStable('power', stableDef('meters'));
    c.createNormalTable('power', { tid: c.allocateTid('power'), name: 'ntb', createTime: 1, columns: stableDef('x').columns });
    c.createView({ name: 'v1', db: 'power', sql: 'select * from meters', createTime: 1, owner: 'root' }, false);
    c.createUser({ name: 'u1', password: 'h', sysinfo: true, createdb: false, enable: true, hosts: [] });
    c.grant('u1', [{ privilege: 'READ', db: 'power', table: '*', condition: '' }]);

    const again = open();
    expect(again.database('power').options.precision).toBe('us');
    expect(again.table('power', 'meters')).toEqual({ kind: 'stable', stable: stb });
    expect(again.table('power', 'ntb').kind).toBe('normal');
    expect(again.findView('power', 'v1')?.sql).toBe('select * from meters');
    expect(again.user('u1').grants).toEqual([{ privilege: 'READ', db: 'power', table: '*', condition: '' }]);
    // the tid counter continues after the normal table
    expect(again.allocateTid('power')).toBe(2);
  });

  it('gives TDengine errors for duplicates and missing objects', () => {
    const c = open();
    c.createDatabase('db', createDbOptions([]), 'root');
    expect(() => c.createDatabase('db', createDbOptions([]), 'root')).toThrow(expect.objectContaining({ code: 0x0381 }));
    expect(() => c.database('nope')).toThrow(expect.objectContaining({ code: 0x0388 }));
    c.createStable('db', stableDef('st'));
    expect(() => c.createStable('db', stableDef('st'))).toThrow(expect.objectContaining({ code: 0x0360 }));
    expect(() => c.table('db', 'missing')).toThrow(expect.objectContaining({ code: 0x2603, message: 'Table does not exist : missing' }));
  });

  it('enforces the limits file', () => {
    limits = { maxDatabases: 1, maxStables: 1, maxTables: 1 };
    const c = open();
    c.createDatabase('a', createDbOptions([]), 'root');
    const e = (() => {
      try {
        c.createDatabase('b', createDbOptions([]), 'root');
      } catch (err) {
        return err as TdError;
      }
    })();
    expect(e?.message).toBe('Limit exceeded: max databases 1');
    c.createStable('a', stableDef('s1'));
    expect(() => c.createStable('a', stableDef('s2'))).toThrow('Limit exceeded: max super tables 1');
    c.registerChild('a', { tid: c.allocateTid('a'), name: 'c1', stable: 's1', createTime: 0 });
    expect(() => c.checkNewTable('a', 'c2', false)).toThrow('Limit exceeded: max tables 1');
  });

  it('revokes READ from ALL leaving WRITE', () => {
    const c = open();
    c.createDatabase('db', createDbOptions([]), 'root');
    c.createUser({ name: 'u', password: 'h', sysinfo: true, createdb: false, enable: true, hosts: [] });
    c.grant('u', [{ privilege: 'ALL', db: 'db', table: '*', condition: '' }]);
    c.revoke('u', [{ privilege: 'READ', db: 'db', table: '*', condition: '' }]);
    expect(c.user('u').grants).toEqual([{ privilege: 'WRITE', db: 'db', table: '*', condition: '' }]);
  });

  it('drops, when opened, grants on databases that are gone (a catalog written before DROP DATABASE dropped them)', () => {
    const c = open();
    c.createDatabase('kept', createDbOptions([]), 'root');
    c.createUser({ name: 'u', password: 'x', sysinfo: true, createdb: false, enable: true, hosts: [] });
    // What an older engine left behind: a grant on a database dropped since, next to live ones.
    c.updateUser({
      ...c.user('u'),
      grants: [
        { privilege: 'READ', db: 'gone', table: '*', condition: '' },
        { privilege: 'READ', db: 'kept', table: '*', condition: '' },
        { privilege: 'WRITE', db: '*', table: '*', condition: '' },
      ],
    });
    expect(open().user('u').grants).toEqual([
      { privilege: 'READ', db: 'kept', table: '*', condition: '' },
      { privilege: 'WRITE', db: '*', table: '*', condition: '' },
    ]);
  });
});
