import { useMutation, useQuery } from '@tanstack/react-query';
import type { MarketplaceCheckResponse, MarketplaceKindValue, MarketplaceRegisterBody, MarketplaceRegisterResponse } from '@tscloud/contracts';
import { http } from '../../api/http';
import { authKeys } from './keys';

/** POST /uc/api/auth/marketplace/check: the subscription a marketplace registration token stands for. */
export function checkMarketplace(marketplace: MarketplaceKindValue, token: string): Promise<MarketplaceCheckResponse> {
  return http.post<MarketplaceCheckResponse>('/auth/marketplace/check', { marketplace, token }, { area: 'auth', silent: true });
}

/** POST /uc/api/auth/register/marketplace: registers or signs in, and links the subscription to a new organization. */
export function registerMarketplace(body: MarketplaceRegisterBody): Promise<MarketplaceRegisterResponse> {
  return http.post<MarketplaceRegisterResponse>('/auth/register/marketplace', body, { area: 'auth' });
}

export function useMarketplaceCheck(marketplace: MarketplaceKindValue, token: string) {
  return useQuery({
    queryKey: [...authKeys.all, 'marketplace', marketplace, token],
    queryFn: () => checkMarketplace(marketplace, token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

export function useRegisterMarketplaceMutation() {
  return useMutation({ mutationFn: registerMarketplace });
}
