import { z } from 'zod';
import { couponCodeSchema } from '../validation/schemas';
import type { BillingCurrency } from './usage';

/** GET /billing/payment/overview: the organization's billing at a glance (§3 "Billing overview response shape: not shown"). */
export interface PaymentOverview {
  currency: BillingCurrency;
  balance: number;
  /** Charges of the current month so far (edition time zone). */
  month_cost: number;
  /** The month's cost so far, extended to the month's end at the rate of the last 24 metered hours. */
  month_forecast: number;
  /** Charges of the last 24 hours: the current rate, which the billing warning's "low balance" reads. */
  last_day_cost: number;
  /** Charges of the previous month. */
  last_month_cost: number;
  credit_card: boolean;
  marketplace: boolean;
  in_arrears: boolean;
}

/** POST /billing/coupon/redeem?code=… (§5: 32 uppercase letters and digits). */
export const couponRedeemQuerySchema = z.object({ code: couponCodeSchema });

/** The answer of a redemption: what was credited and the balance after. */
export interface CouponRedeemResult {
  code: string;
  amount: number;
  balance: number;
  transaction_no: string;
}
