/** the payment provider's webhook: exempt from the same-origin rule (its signature proves the caller), its body kept raw */
export const BILLING_WEBHOOK_ROUTE = '/api/billing/webhook';
