import { INTEGER, LIST, VARCHAR, DuckDBListValue, DuckDBScalarFunction, type DuckDBConnection } from '@duckdb/node-api';
import { modeKeyBytes, modePick, type ModeKeyKind } from './mode-order';

/**
 * `td_mode_pick(values, kind)`: the 1-based position in `values` (non-NULL values as text, in scan order) of the value
 * TDengine's MODE() answers, ties resolved in TDengine's hash order (mode-order.ts). Registered once per
 * instance, next to the geometry functions.
 */
export function registerModeFunction(conn: DuckDBConnection): void {
  conn.registerScalarFunction(
    DuckDBScalarFunction.create({
      name: 'td_mode_pick',
      returnType: INTEGER,
      parameterTypes: [LIST(VARCHAR), VARCHAR],
      mainFunction: (_info, input, output) => {
        const [values, kinds] = [input.getColumnVector(0), input.getColumnVector(1)];
        for (let i = 0; i < input.rowCount; i++) {
          const list = values.getItem(i);
          const kind = kinds.getItem(i);
          if (!(list instanceof DuckDBListValue) || kind === null) {
            output.setItem(i, null);
            continue;
          }
          const keys = list.items.map((v) => modeKeyBytes(String(kind) as ModeKeyKind, String(v)));
          const at = modePick(keys);
          output.setItem(i, at < 0 ? null : at + 1);
        }
        output.flush();
      },
    }),
  );
}
