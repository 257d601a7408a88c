import { DOUBLE, INTEGER, LIST, DuckDBListValue, DuckDBScalarFunction, listValue, type DuckDBConnection } from '@duckdb/node-api';
import { movingAverages } from './mavg';

/**
 * `td_mavg(values, k)`: the moving averages TDengine's MAVG answers for a partition's non-NULL values in time order
 * (mavg.ts), the i-th for the (k − 1 + i)-th value. Registered once per instance.
 */
export function registerMavgFunction(conn: DuckDBConnection): void {
  conn.registerScalarFunction(
    DuckDBScalarFunction.create({
      name: 'td_mavg',
      returnType: LIST(DOUBLE),
      parameterTypes: [LIST(DOUBLE), INTEGER],
      mainFunction: (_info, input, output) => {
        const [values, ks] = [input.getColumnVector(0), input.getColumnVector(1)];
        for (let i = 0; i < input.rowCount; i++) {
          const list = values.getItem(i);
          const k = ks.getItem(i);
          if (!(list instanceof DuckDBListValue) || k === null) {
            output.setItem(i, null);
            continue;
          }
          output.setItem(i, listValue(movingAverages(list.items.map(Number), Number(k))));
        }
        output.flush();
      },
    }),
  );
}
