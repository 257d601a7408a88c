import { BLOB, BOOLEAN, DOUBLE, VARCHAR, blobValue, DuckDBScalarFunction, type DuckDBConnection, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import { intersects } from '../types/geometry/intersects';
import { pointWkb, readWkb, shapeText } from '../types/geometry/wkb';
import { wktToWkb } from '../types/geometry/wkt';

/**
 * TDengine's geometry functions as DuckDB scalar functions (`td_st_astext` …), registered once per instance: DuckDB
 * has no geometry type without its spatial extension, which the engine does not load (it runs offline). The planner
 * (query/planner/geometry-functions.ts) checks the arguments and calls these. A value that is no geometry gives NULL.
 */

const bytesOf = (v: DuckDBValue): Uint8Array => (v as { bytes: Uint8Array }).bytes;

function shapeOf(v: DuckDBValue): ReturnType<typeof readWkb> | undefined {
  try {
    return readWkb(bytesOf(v));
  } catch {
    return undefined;
  }
}

const FUNCTIONS: { name: string; parameters: DuckDBType[]; result: DuckDBType; apply: (args: DuckDBValue[]) => DuckDBValue }[] = [
  {
    name: 'td_st_astext',
    parameters: [BLOB],
    result: VARCHAR,
    apply: ([g]) => {
      const shape = shapeOf(g);
      return shape ? shapeText(shape) : null;
    },
  },
  {
    name: 'td_st_geomfromtext',
    parameters: [VARCHAR],
    result: BLOB,
    apply: ([text]) => {
      const wkb = wktToWkb(String(text));
      return wkb ? blobValue(wkb) : null;
    },
  },
  { name: 'td_st_makepoint', parameters: [DOUBLE, DOUBLE], result: BLOB, apply: ([x, y]) => blobValue(pointWkb(Number(x), Number(y))) },
  {
    name: 'td_st_intersects',
    parameters: [BLOB, BLOB],
    result: BOOLEAN,
    apply: ([a, b]) => {
      const sa = shapeOf(a);
      const sb = shapeOf(b);
      return sa && sb ? intersects(sa, sb) : null;
    },
  },
];

/** Registers the functions on `conn`; DuckDB makes them visible to every connection of the instance. */
export function registerGeometryFunctions(conn: DuckDBConnection): void {
  for (const f of FUNCTIONS) {
    conn.registerScalarFunction(
      DuckDBScalarFunction.create({
        name: f.name,
        returnType: f.result,
        parameterTypes: f.parameters,
        mainFunction: (_info, input, output) => {
          const columns = f.parameters.map((_, c) => input.getColumnVector(c));
          for (let i = 0; i < input.rowCount; i++) {
            const args = columns.map((col) => col.getItem(i));
            output.setItem(i, args.some((a) => a === null) ? null : f.apply(args));
          }
          output.flush();
        },
      }),
    );
  }
}
