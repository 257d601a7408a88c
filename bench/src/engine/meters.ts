import { metersChildrenSql, metersStableSql, metersValuesSql } from 'tscloud-engine';

/** The taosBenchmark meters data set (tscloud-engine demo/meters) in database `test`, 1 ms steps as taosBenchmark writes. */
export const STABLE_SQL = metersStableSql('test');

export interface MetersShape {
  tables: number;
  rowsPerTable: number;
}

/** `CREATE TABLE` of child tables [from, to) in one multi-create statement, as taosBenchmark creates them first. */
export const createChildrenSql = (from: number, to: number): string => metersChildrenSql('test', from, to);

/** One INSERT of every row of a child table. */
export const insertSql = (table: number, rows: number): string => `INSERT INTO test.d${table} VALUES ${metersValuesSql(table, 0, rows, 1)}`;
