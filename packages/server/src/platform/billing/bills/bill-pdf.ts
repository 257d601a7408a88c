import PDFDocument from 'pdfkit';
import type { BillDetail, LedgerTypeValue } from '@tscloud/contracts';

const STATUS_TEXT: Record<BillDetail['status'], string> = { 1: 'Issuing', 2: 'Issuing (charging the card)', 3: 'Succeeded', 4: 'Failed', 5: 'Not needed' };
const CREDIT_TEXT: Record<LedgerTypeValue, string> = { 1: 'Recharges', 2: 'Coupons', 3: 'Usage charges', 4: 'Refunds', 5: 'Adjustments', 6: 'Credit grants' };
const KIND_TEXT = { plan: 'Instance hours', storage: 'Storage (GB-hours)', ingress: 'Data in (GB)', egress: 'Data out (GB)' } as const;
const PLAN_TEXT: Record<number, string> = { 0: 'Free', 1: 'Standard', 2: 'Enterprise' };

/** Two decimals and the currency's code (units plain), as the bill's figures are read (§9). */
function money(amount: number, currency: BillDetail['currency']): string {
  const text = amount.toFixed(2);
  return currency === 'UNIT' ? text : `${text} ${currency}`;
}

/**
 * A bill as a PDF (pdfkit, A4, the built-in Helvetica, so in English: the standard fonts have no Chinese glyphs).
 * Uncompressed, so that its text can be checked in tests without inflating streams.
 */
export function billPdf(bill: BillDetail, organization: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, compress: false, info: { Title: `Bill ${bill.month}`, Author: 'TDengine Cloud' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const row = (label: string, value: string) => doc.text(`${label}: ${value}`);

  doc.fontSize(18).text(`Bill ${bill.month}`).moveDown(0.5);
  doc.fontSize(10);
  row('Organization', organization);
  row('Bill', bill.id);
  row('Status', STATUS_TEXT[bill.status]);
  if (bill.issued_at !== null) row('Issued', new Date(bill.issued_at).toISOString().replace('T', ' ').slice(0, 19) + ' UTC');
  doc.moveDown();
  row('Opening balance', money(bill.opening_balance, bill.currency));
  row('Credits', money(bill.credits, bill.currency));
  row('Charges', money(bill.amount, bill.currency));
  row('Closing balance', money(bill.closing_balance, bill.currency));
  doc.moveDown().fontSize(12).text('Charges').fontSize(10);
  if (bill.charge_lines.length === 0) doc.text('None');
  for (const line of bill.charge_lines) {
    const plan = `${PLAN_TEXT[line.plan_level] ?? line.plan_level}${line.ha ? ', HA' : ''}`;
    doc.text(`${line.instance_name}  ${KIND_TEXT[line.kind]} (${plan})  ${line.quantity.toFixed(4)}  ${money(line.amount, bill.currency)}`);
  }
  doc.moveDown().fontSize(12).text('Credits').fontSize(10);
  if (bill.credit_lines.length === 0) doc.text('None');
  for (const line of bill.credit_lines) doc.text(`${CREDIT_TEXT[line.type]} (${line.count})  ${money(line.amount, bill.currency)}`);
  doc.moveDown().fontSize(12).text(`Total: ${money(bill.amount, bill.currency)}`);
  doc.end();
  return done;
}
