import { describe, expect, it } from 'vitest';
import { csvLine } from '../../src/region/explorer/csv';

describe('CSV lines of the export', () => {
  it('neutralises cells a spreadsheet would run as formulas (OWASP): a leading quote, and quoted', () => {
    expect(csvLine(['=HYPERLINK("http://evil.example","x")', '+1+1', "-2+3+cmd|' /C calc'!A0", '@SUM(A1)', '\t=1', '\r=1'])).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")","'+1+1","'-2+3+cmd|' /C calc'!A0","'@SUM(A1)","'\t=1","'\r=1"\r\n`,
    );
  });

  it('keeps numbers exact and unprefixed, whether values or decimal text', () => {
    expect(csvLine([-1.5, -3, 0, 12345678901234567890n, '-1.5', '+2e3', '-9007199254740993', '.5'])).toBe('-1.5,-3,0,12345678901234567890,-1.5,+2e3,-9007199254740993,.5\r\n');
  });

  it('leaves other text as RFC 4180 writes it', () => {
    expect(csvLine(['plain', 'a,b', 'say "hi"', 'two\nlines', 'a=b', ' =1', null, { k: '=1' }])).toBe('plain,"a,b","say ""hi""","two\nlines",a=b, =1,,"{""k"":""=1""}"\r\n');
  });
});
