import { describe, expect, it } from 'vitest';
import { csvLine } from '@tscloud/contracts/csv';
import type { Precision } from '../../src/catalog/db-options';
import { exportTextWriter } from '../../src/format/export-text';
import { cellJson, float32Text } from '../../src/format/values';
import { formatTimestamp } from '../../src/format/timestamp';

/**
 * The export's writers remember texts (the date up to the second, FLOAT texts, text cells) for speed: whatever the
 * order of values, each cell must be the text REST writes for it (formatTimestamp, float32Text, cellJson, csvLine).
 */
const COLUMNS = [
  { name: 'ts', type: 'TIMESTAMP', length: 8 },
  { name: 'f', type: 'FLOAT', length: 4 },
  { name: 'u', type: 'BIGINT UNSIGNED', length: 8 },
  { name: 'note', type: 'VARCHAR', length: 20 },
];

/** Timestamps around second boundaries, before 1970, far apart and back again; floats and texts that repeat. */
function rowsFor(precision: Precision): unknown[][] {
  const perSecond = { ms: 1000n, us: 1_000_000n, ns: 1_000_000_000n }[precision];
  const seconds = [1_700_000_000n, 1_700_000_001n, -1n, 0n, 1_700_000_000n, -86_400n * 365n * 3000n];
  const rows: unknown[][] = [];
  let i = 0;
  for (const s of seconds) {
    for (const offset of [0n, 1n, perSecond - 1n, perSecond, -1n]) {
      const f = [1.5, 0.1, 8.38, -3.4028234663852886e38, Number.NaN, null][i % 6];
      const note = ['=1+1', 'a,b', 'plain', 'say "hi"', null, '-1.5'][i % 6];
      rows.push([s * perSecond + offset, f, i % 2 ? 18446744073709551615n : BigInt(i), note]);
      i += 1;
    }
  }
  return rows;
}

describe('export text writers', () => {
  for (const precision of ['ms', 'us', 'ns'] as const) {
    it(`write each ${precision} row as REST's cells would`, () => {
      const rows = rowsFor(precision);
      const csv = exportTextWriter('csv', COLUMNS, precision);
      const expectedCsv = rows.map((r) =>
        csvLine([formatTimestamp(r[0] as bigint, precision), r[1] === null || Number.isNaN(r[1]) ? null : float32Text(r[1] as number), r[2], r[3]]),
      );
      // Twice: the second pass reads every memo.
      expect(csv.rows(rows) + csv.rows(rows)).toBe(expectedCsv.join('') + expectedCsv.join(''));
      expect(csv.head()).toBe('ts,f,u,note\r\n');

      const jsonl = exportTextWriter('jsonl', COLUMNS, precision);
      const expectedJson = rows.map((r) => `{${COLUMNS.map((c, i) => `${JSON.stringify(c.name)}:${cellJson(r[i], c.type, precision)}`).join(',')}}\n`);
      expect(jsonl.rows(rows) + jsonl.rows(rows)).toBe(expectedJson.join('') + expectedJson.join(''));
    });
  }
});
