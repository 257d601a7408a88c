/** The invoice and refund request messages (platform-shell.md §5; docs/billing.md "Invoices and refunds"). */
export const billingRequestsEn = {
  'billingRequests.amountPositive': 'The amount must be greater than 0',
  'billingRequests.amountDecimals': 'The amount has at most two decimals',
  'billingRequests.invoiceOverInvoicable': 'The apply amount cannot be more than the invoicable amount',
  'billingRequests.refundOverRefundable': 'The refund amount cannot be more than the refundable amount',
  'billingRequests.descriptionLength': 'The description must be at least 20 characters',
  'billingRequests.descriptionMax': 'The description can be at most 1000 characters',
  'billingRequests.fieldLength': 'At most 200 characters',
} as const;
