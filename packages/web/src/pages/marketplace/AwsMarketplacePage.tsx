import { MarketplacePage } from './MarketplacePage';

/** /auth/aws: the AWS Marketplace landing. */
export default function AwsMarketplacePage() {
  return <MarketplacePage marketplace="aws" />;
}
