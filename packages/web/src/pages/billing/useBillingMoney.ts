import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingCurrency } from '@tscloud/contracts';
import type { Language } from '../../config/edition';
import { formatAmount, formatChange, formatUnitPrice } from './billingFormat';

/**
 * The formatters of a billing screen in the currency the server answered and the language shown; stable while
 * neither changes (charts redraw when they do).
 */
export function useBillingMoney(currency: BillingCurrency | undefined) {
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'zh' ? 'zh' : 'en';
  const shown = currency ?? 'UNIT';
  const money = useCallback((value: number) => formatAmount(value, shown, language), [shown, language]);
  const unitPrice = useCallback((value: number) => formatUnitPrice(value, shown, language), [shown, language]);
  const change = useCallback((value: number) => formatChange(value, shown, language), [shown, language]);
  return { money, unitPrice, change };
}
