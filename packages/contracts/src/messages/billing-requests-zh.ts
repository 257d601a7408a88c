import type { billingRequestsEn } from './billing-requests-en';

export const billingRequestsZh: Record<keyof typeof billingRequestsEn, string> = {
  'billingRequests.amountPositive': '金额必须大于 0',
  'billingRequests.amountDecimals': '金额最多两位小数',
  'billingRequests.invoiceOverInvoicable': '申请金额不能超过可开票金额',
  'billingRequests.refundOverRefundable': '退款金额不能超过可退款金额',
  'billingRequests.descriptionLength': '描述至少 20 个字符',
  'billingRequests.descriptionMax': '描述最多 1000 个字符',
  'billingRequests.fieldLength': '最多 200 个字符',
};
