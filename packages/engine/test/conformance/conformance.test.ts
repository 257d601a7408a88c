/**
 * The differential suite: every case file of the conformance corpus (answers recorded from a real TDengine 3.3.7.5)
 * runs on a fresh engine. A statement that differs and is not in known-differences.json fails its file's test with
 * the diff; a listed statement that now matches is printed so the list can shrink (`npm run conformance`).
 */
import { describe, expect, it } from 'vitest';
import { caseFiles } from './runner/golden';
import { againstKnown, loadKnown } from './runner/known';
import { differenceText } from './runner/report';
import { runCaseFile } from './runner/run-file';

const known = loadKnown();

describe('conformance with TDengine 3.3.7.5', () => {
  for (const file of caseFiles()) {
    it(file, async () => {
      const outcome = await runCaseFile(file);
      const { unexpected, fixed } = againstKnown(outcome, known);
      if (fixed.length > 0) {
        console.log(`${file}: now matching, can leave known-differences.json: ${fixed.map((o) => o.statement.index).join(', ')}`);
      }
      const diffs = unexpected.map((o) => differenceText(file, o)).join('\n\n');
      expect(diffs, `${unexpected.length} statement(s) differ from TDengine and are not in known-differences.json`).toBe('');
    });
  }
});
