/**
 * The build variants of platform-shell.md §1 and §9, chosen by configuration: the edition (international or China)
 * and the marketplace (none, AWS, Azure). Everything that differs between the builds is read from here.
 */
import { WEB_VARIANT_GLOBAL, type WebVariant } from '@tscloud/contracts';

export type EditionName = 'international' | 'china';
export type Marketplace = 'none' | 'aws' | 'azure';
export type Language = 'en' | 'zh';

export interface Edition {
  name: EditionName;
  marketplace: Marketplace;
  /** The language a new visitor sees; the user can switch it. */
  defaultLanguage: Language;
  currency: 'USD' | 'CNY';
  timeZone: 'UTC' | 'Asia/Shanghai';
  /** Hours added to database list times (China edition: +8). */
  listOffsetHours: number;
  /** Marketplace deployments show units instead of currency. */
  showsUnits: boolean;
  /** The billing area is called metering on a marketplace deployment. */
  billingArea: 'billing' | 'metering';
  /** i18n key of the plan dialog title: 'Price plan' or 'Plan'. */
  planDialogTitleKey: 'billing.planDialog.pricePlan' | 'billing.planDialog.plan';
  /** Community contact: a chat group (China) or a chat server (international). */
  communityKey: 'common.community.chatGroup' | 'common.community.chatServer';
  /** The community contact's invitation link (the server's COMMUNITY_URL), or null: then support is asked for it. */
  communityUrl: string | null;
  supportEmail: string;
}

const DEFAULT_SUPPORT_EMAIL = 'support@tscloud.local';

function editionName(value: string | undefined): EditionName {
  return value?.trim().toLowerCase() === 'china' ? 'china' : 'international';
}

function marketplaceName(value: string | undefined): Marketplace {
  const v = value?.trim().toLowerCase();
  return v === 'aws' || v === 'azure' ? v : 'none';
}

export function resolveEdition(edition?: string, marketplace?: string, supportEmail?: string, communityUrl?: string): Edition {
  const name = editionName(edition);
  const market = marketplaceName(marketplace);
  const china = name === 'china';
  const onMarketplace = market !== 'none';
  return {
    name,
    marketplace: market,
    defaultLanguage: china ? 'zh' : 'en',
    currency: china ? 'CNY' : 'USD',
    timeZone: china ? 'Asia/Shanghai' : 'UTC',
    listOffsetHours: china ? 8 : 0,
    showsUnits: onMarketplace,
    billingArea: onMarketplace ? 'metering' : 'billing',
    planDialogTitleKey: onMarketplace ? 'billing.planDialog.plan' : 'billing.planDialog.pricePlan',
    communityKey: china ? 'common.community.chatGroup' : 'common.community.chatServer',
    communityUrl: communityUrl && /^https?:\/\//.test(communityUrl) ? communityUrl : null,
    supportEmail: supportEmail?.trim() || DEFAULT_SUPPORT_EMAIL,
  };
}

/**
 * The variant the server runs with, set by its `/variant.js` (loaded by index.html before the app), so the server's
 * TSCLOUD_EDITION / TSCLOUD_MARKETPLACE / SUPPORT_EMAIL decide without a rebuild. The build-time VITE_TSCLOUD_*
 * values are the fallback when no server answers (tests, the dev server alone).
 */
export function currentEdition(served: Partial<WebVariant> | undefined = servedVariant()): Edition {
  return resolveEdition(
    served?.edition ?? import.meta.env.VITE_TSCLOUD_EDITION,
    served?.marketplace ?? import.meta.env.VITE_TSCLOUD_MARKETPLACE,
    served?.supportEmail ?? import.meta.env.VITE_TSCLOUD_SUPPORT_EMAIL,
    served?.communityUrl,
  );
}

function servedVariant(): Partial<WebVariant> | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as Record<string, Partial<WebVariant> | undefined>)[WEB_VARIANT_GLOBAL];
}

export const edition: Edition = currentEdition();

/** A price in the edition's currency with two decimals, or plain units on a marketplace (§9 price display). */
export function formatPrice(value: number, variant: Edition = edition, language: Language = variant.defaultLanguage): string {
  if (variant.showsUnits) return value.toFixed(2);
  return new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : 'en-US', {
    style: 'currency',
    currency: variant.currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}
