import dayjs from 'dayjs';
import type { BillingCurrency, LedgerTypeValue } from '@tscloud/contracts';
import { edition as buildEdition, formatPrice, type Edition, type Language } from '../../config/edition';
import { DATE_FORMAT } from '../../config/format';
import type { WebKey } from '../../i18n';

/**
 * An amount the billing calls answered, in the currency they name: two decimals with the currency's sign (USD, CNY),
 * or plain units for a marketplace-billed organization (§9 price display). The server names the currency, since an
 * organization that registered through a marketplace is billed in units even on a deployment that shows currency.
 */
export function formatAmount(value: number, currency: BillingCurrency, language: Language, variant: Edition = buildEdition): string {
  if (currency === 'UNIT') return formatPrice(value, { ...variant, showsUnits: true }, language);
  return formatPrice(value, { ...variant, showsUnits: false, currency }, language);
}

/**
 * A unit price of a CDR line: two decimals as every price, but a price under one cent (storage per GB-hour) keeps
 * four, as §9 keeps for small sizes, so it does not read as zero.
 */
export function formatUnitPrice(value: number, currency: BillingCurrency, language: Language, variant: Edition = buildEdition): string {
  if (value === 0 || Math.abs(value) >= 0.01) return formatAmount(value, currency, language, variant);
  if (currency === 'UNIT') return value.toFixed(4);
  return new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en-US', { style: 'currency', currency, minimumFractionDigits: 4, maximumFractionDigits: 4 }).format(value);
}

/** A change of balance with its sign: "+$5.00", "-$0.25". */
export function formatChange(value: number, currency: BillingCurrency, language: Language, variant: Edition = buildEdition): string {
  return `${value > 0 ? '+' : value < 0 ? '-' : ''}${formatAmount(Math.abs(value), currency, language, variant)}`;
}

/** Quantities of a CDR or an instance-day: hours and GB-hours with up to four decimals (§9: small values keep 4). */
export function formatQuantity(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(Math.abs(value) < 0.01 ? 4 : 2);
}

/** The name of a ledger type (docs/billing.md "Types"). */
export const ledgerTypeKey = (type: LedgerTypeValue): WebKey => `billing.ledgerType.${type}` as WebKey;

/** The first and last day of the current month in the edition's zone (the usage page's default range). */
export function monthToDate(now: number, variant: Edition = buildEdition): { start_day: string; end_day: string } {
  const today = dayjs(now).tz(variant.timeZone);
  return { start_day: today.startOf('month').format(DATE_FORMAT), end_day: today.format(DATE_FORMAT) };
}

/**
 * §9: recharging or redeeming is not advised in the first hour of a month, while the month's bills aggregate. The
 * month starts at midnight of the edition's zone.
 */
export function inFirstHourOfMonth(now: number, variant: Edition = buildEdition): boolean {
  const local = dayjs(now).tz(variant.timeZone);
  return local.date() === 1 && local.hour() === 0;
}
