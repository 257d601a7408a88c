import { MarketplacePage } from './MarketplacePage';

/** /auth/azure: the Azure Marketplace landing. */
export default function AzureMarketplacePage() {
  return <MarketplacePage marketplace="azure" />;
}
