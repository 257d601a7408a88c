import { describe, expect, it } from 'vitest';
import { parse } from '../../src/sql';
import { expectIncomplete, expectSyntaxError, id } from './helpers';

describe('SHOW', () => {
  it('parses database listings', () => {
    expect(parse('show databases')).toEqual({ kind: 'show', object: 'databases' });
    expect(parse('SHOW USER DATABASES')).toEqual({ kind: 'show', object: 'databases', scope: 'user' });
    expect(parse('show system databases')).toEqual({ kind: 'show', object: 'databases', scope: 'system' });
  });

  it('parses [db.]STABLES/TABLES/VGROUPS/VIEWS with LIKE and NORMAL/CHILD', () => {
    expect(parse('show stables')).toEqual({ kind: 'show', object: 'stables' });
    expect(parse("show power.stables like 'm%'")).toEqual({ kind: 'show', object: 'stables', db: id('power'), like: 'm%' });
    expect(parse("show tables like 'd_'")).toEqual({ kind: 'show', object: 'tables', like: 'd_' });
    expect(parse('show power.tables')).toEqual({ kind: 'show', object: 'tables', db: id('power') });
    expect(parse("show normal power.tables like 't%'")).toEqual({ kind: 'show', object: 'tables', tableKind: 'normal', db: id('power'), like: 't%' });
    expect(parse('show child tables')).toEqual({ kind: 'show', object: 'tables', tableKind: 'child' });
    expect(parse('show vgroups')).toEqual({ kind: 'show', object: 'vgroups' });
    expect(parse('show power.vgroups')).toEqual({ kind: 'show', object: 'vgroups', db: id('power') });
    expect(parse('show power.views')).toEqual({ kind: 'show', object: 'views', db: id('power') });
    expect(parse('show power.alive')).toEqual({ kind: 'show', object: 'dbAlive', db: id('power') });
    expect(parse('show power.disk_info')).toEqual({ kind: 'show', object: 'dbDiskInfo', db: id('power') });
  });

  it('parses argument-less SHOWs', () => {
    const simple: Record<string, string> = {
      'show dnodes': 'dnodes',
      'show mnodes': 'mnodes',
      'show qnodes': 'qnodes',
      'show snodes': 'snodes',
      'show vnodes': 'vnodes',
      'show cluster': 'cluster',
      'show cluster alive': 'clusterAlive',
      'show users': 'users',
      'show user privileges': 'userPrivileges',
      'show topics': 'topics',
      'show consumers': 'consumers',
      'show subscriptions': 'subscriptions',
      'show streams': 'streams',
      'show queries': 'queries',
      'show connections': 'connections',
      'show apps': 'apps',
      'show transactions': 'transactions',
      'show functions': 'functions',
      'show grants': 'grants',
      'show licences': 'licences',
      'show compacts': 'compacts',
    };
    for (const [sql, object] of Object.entries(simple)) expect(parse(sql)).toEqual({ kind: 'show', object });
  });

  it('parses SHOW CREATE ...', () => {
    expect(parse('show create database power')).toEqual({ kind: 'show', object: 'createDatabase', name: id('power') });
    expect(parse('show create stable power.meters')).toEqual({ kind: 'show', object: 'createStable', name: { db: id('power'), name: id('meters') } });
    expect(parse('show create table d1001')).toEqual({ kind: 'show', object: 'createTable', name: { name: id('d1001') } });
    expect(parse('show create view v1')).toEqual({ kind: 'show', object: 'createView', name: { name: id('v1') } });
  });

  it('parses SHOW TABLE TAGS / TAGS / INDEXES FROM with an optional FROM db', () => {
    expect(parse('show table tags from meters')).toEqual({ kind: 'show', object: 'tableTags', from: { name: id('meters') } });
    expect(parse('show table tags from meters from power')).toEqual({ kind: 'show', object: 'tableTags', from: { db: id('power'), name: id('meters') } });
    expect(parse('show table tags t1, tbname from power.c2')).toEqual({
      kind: 'show',
      object: 'tableTags',
      columns: [id('t1'), { name: 'tbname', quoted: false }],
      from: { db: id('power'), name: id('c2') },
    });
    expect(parse('show tags from power.d1001')).toEqual({ kind: 'show', object: 'tags', from: { db: id('power'), name: id('d1001') } });
    expect(parse('show indexes from meters from power')).toEqual({ kind: 'show', object: 'indexes', from: { db: id('power'), name: id('meters') } });
    expect(parse('show table distributed power.meters')).toEqual({ kind: 'show', object: 'tableDistributed', name: { db: id('power'), name: id('meters') } });
  });

  it('parses SHOW ... VARIABLES', () => {
    expect(parse('show variables')).toEqual({ kind: 'show', object: 'variables', scope: 'cluster' });
    expect(parse("show cluster variables like 'debug%'")).toEqual({ kind: 'show', object: 'variables', scope: 'cluster', like: 'debug%' });
    expect(parse('show local variables')).toEqual({ kind: 'show', object: 'variables', scope: 'local' });
    expect(parse('show dnode 1 variables')).toEqual({ kind: 'show', object: 'variables', scope: 'dnode', dnodeId: 1 });
  });

  it('rejects unknown SHOW targets', () => {
    // an unknown name is read as `SHOW db.…` (TDengine's grammar): incomplete at the end, else wrong at what follows
    expectIncomplete('show tablez');
    expectIncomplete('show nosuchthing');
    expectSyntaxError('show nosuchthing now', 'now');
    expectSyntaxError('show select', 'select');
    expectSyntaxError('show power.users', 'users');
    expectIncomplete('show');
    expectIncomplete('show create table');
  });
});
