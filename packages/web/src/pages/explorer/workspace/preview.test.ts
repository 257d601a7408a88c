import { describe, expect, it } from 'vitest';
import { previewSql } from './preview';

describe('previewSql', () => {
  it('reads the newest rows of the last preset span on the primary timestamp column', () => {
    expect(previewSql('power', 'meters', 'ts', { preset: '1h' })).toBe('SELECT * FROM `power`.`meters` WHERE `ts` >= NOW - 1h ORDER BY `ts` DESC');
  });
  it('takes a custom range as two UTC instants, end excluded, names quoted', () => {
    const from = Date.UTC(2026, 10, 26, 10, 0, 0);
    expect(previewSql('my db', 'd`1', 'when', { from, to: from + 3_600_000 })).toBe(
      "SELECT * FROM `my db`.`d``1` WHERE `when` >= '2026-11-26T10:00:00.000Z' AND `when` < '2026-11-26T11:00:00.000Z' ORDER BY `when` DESC",
    );
  });
});
