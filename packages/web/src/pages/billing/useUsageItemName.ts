import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsageItemKind } from '@tscloud/contracts';
import type { WebKey } from '../../i18n';

/** The name of a usage line (a CDR's item, a bill's charge line): its plan (with HA) for plan hours, else its kind. */
export function useUsageItemName() {
  const { t } = useTranslation();
  return useCallback(
    (item: { kind: UsageItemKind; plan_level: number; ha: 0 | 1 }) => {
      if (item.kind !== 'plan') return t(`billing.cdr.kind.${item.kind}`);
      const plan = t(`instances.plan.${item.plan_level}` as WebKey);
      return item.ha ? t('billing.cdr.planHa', { plan }) : plan;
    },
    [t],
  );
}
