import { physicalNames, type Engine } from 'tscloud-engine';

/**
 * The baseline of the query benchmark: each of the ten questions written by hand in DuckDB SQL over the same
 * physical tables (docs/engine-storage.md), run on the engine's own read connections. The ratio engine/baseline
 * is what the engine's binder, planner and result formatting cost on top of DuckDB.
 */
export function baselineSql(engine: Engine): Record<string, string> {
  const meters = engine.catalog.lookup('test', 'meters');
  const d7 = engine.catalog.lookup('test', 'd7');
  if (meters?.kind !== 'stable' || d7?.kind !== 'child') throw new Error('the meters demo is not loaded');
  const D = physicalNames.dataTable('test', meters.stable.id);
  const T = physicalNames.tagTable('test', meters.stable.id);
  const joined = `${D} d JOIN ${T} t USING (__tid)`;
  const day = { from: Date.UTC(2017, 6, 14), to: Date.UTC(2017, 6, 15) };
  return {
    count: `SELECT count(*) FROM ${D}`,
    'last_row per table': `SELECT t.__tbname, max(d.ts), arg_max(d.current, d.ts), arg_max(d.voltage, d.ts) FROM ${joined} GROUP BY t.__tbname`,
    'avg per hour': `SELECT (ts // 3600000) * 3600000 AS w, avg(current), avg(voltage) FROM ${D} GROUP BY w ORDER BY w`,
    'per-table 10-minute averages over a day': `SELECT t.__tbname, (d.ts // 600000) * 600000 AS w, avg(d.current), avg(d.voltage) FROM ${joined} WHERE d.ts >= ${day.from} AND d.ts < ${day.to} GROUP BY 1, 2 ORDER BY 1, 2`,
    'max/min per group': `SELECT t.groupid, max(d.current), min(d.current) FROM ${joined} GROUP BY t.groupid`,
    'top 5': `SELECT ts, current FROM ${D} ORDER BY current DESC LIMIT 5`,
    'last per location': `SELECT t.location, arg_max(d.current, d.ts) FROM ${joined} WHERE d.current IS NOT NULL GROUP BY t.location`,
    'spread per table': `SELECT t.__tbname, max(d.voltage) - min(d.voltage) FROM ${joined} GROUP BY 1`,
    'filtered count': `SELECT count(*) FROM ${joined} WHERE d.voltage > 220 AND t.groupid = 3`,
    'state window': `WITH s AS (SELECT ts, current, voltage > 220 AS st FROM ${D} WHERE __tid = ${d7.child.tid}),
      g AS (SELECT *, sum(CASE WHEN st IS DISTINCT FROM prev THEN 1 ELSE 0 END) OVER (ORDER BY ts) AS grp
            FROM (SELECT *, lag(st) OVER (ORDER BY ts) AS prev FROM s))
      SELECT min(ts), max(ts), count(*), avg(current) FROM g GROUP BY grp ORDER BY 1`,
  };
}

/**
 * Q10 of the TDengine comparison (count of state windows per child table) as the engine planned it before the
 * one-sort state-window plan of 2026-11-28 (its SQL, captured from the engine, over the same physical tables): a
 * window per partition for the last row's time, lag() and a running sum() each sorting every partition, a window
 * per partition for the last window. The bench times it beside the engine's Q10: the before/after of that change.
 */
export function previousStateWindowPlanSql(engine: Engine): string {
  const meters = engine.catalog.lookup('test', 'meters');
  if (meters?.kind !== 'stable') throw new Error('the meters demo is not loaded');
  const D = physicalNames.dataTable('test', meters.stable.id);
  const T = physicalNames.tagTable('test', meters.stable.id);
  const st = `(CASE  WHEN (s1."voltage" > 220::BIGINT) THEN 1::BIGINT ELSE 0::BIGINT END)`;
  const over = `OVER (PARTITION BY s1."__tid" ORDER BY s1."ts")`;
  const rows = `(SELECT d."__tid" AS "__tid", d."ts", d."current", d."voltage", d."phase", t."__tbname" AS "__tbname", t."groupid", t."location" FROM ${D} d JOIN ${T} t ON t."__tid" = d."__tid") AS s1`;
  const s0 = `(SELECT s1.*, max(s1."ts") OVER (PARTITION BY s1."__tid" ) AS __tend FROM ${rows}) AS s1`;
  const s1 = `(SELECT s1.*, ${st} AS __st, CASE WHEN lag(${st}) ${over} IS NOT NULL AND ${st} <> lag(${st}) ${over} THEN 1 ELSE 0 END AS __b FROM ${s0} WHERE ${st} IS NOT NULL) AS s1`;
  const s2 = `(SELECT s1.*, sum(s1.__b) OVER (PARTITION BY s1."__tid" ORDER BY s1."ts" ROWS UNBOUNDED PRECEDING) AS __wid FROM ${s1}) AS s1`;
  const s3 = `(SELECT s1.*, max(s1.__wid) OVER (PARTITION BY s1."__tid" ) AS __lastwid FROM ${s2}) AS s1`;
  const windows = `SELECT CAST(any_value(s1."__tbname") AS VARCHAR) AS "c0", CAST(min(s1."ts") AS BIGINT) AS "c1", CAST(count(*) AS BIGINT) AS "c2" FROM ${s3} GROUP BY s1."__tid", s1.__wid ORDER BY s1."__tid", min(s1."ts")`;
  return `SELECT CAST(count(*) AS BIGINT) AS "c0" FROM (${windows}) AS s0`;
}
