import { useMutation } from '@tanstack/react-query';
import type { CouponRedeemResult } from '@tscloud/contracts';
import { http } from '../../api/http';
import { queryClient } from '../queryClient';
import { billingKeys } from './keys';

/**
 * POST /api/billing/coupon/redeem?code=… (§7: query parameters). Silent: the coupon prompt shows the server's §8
 * refusal itself, next to what was typed.
 */
export function redeemCoupon(code: string): Promise<CouponRedeemResult> {
  return http.post<CouponRedeemResult>('/billing/coupon/redeem', undefined, { query: { code }, silent: true });
}

export function useRedeemCoupon() {
  return useMutation({
    mutationFn: redeemCoupon,
    // The balance, the changelog and its days all changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
