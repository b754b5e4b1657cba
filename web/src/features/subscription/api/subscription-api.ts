import type { BillingConfigView, SubscriptionSetupReply, SubscriptionView } from '@aero/contracts/shared';
import { api } from '../../../lib/api';

/** what get-or-create answers; `error.message` is read too (spec §7) */
export type SubscriptionReply = Partial<SubscriptionSetupReply> & { error?: { message?: string } };

export interface TestPayment {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export const subscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/get-or-create-subscription (no payload; an empty JSON body). */
    getOrCreateSubscription: build.mutation<SubscriptionReply, void>({
      query: () => ({ url: '/get-or-create-subscription', method: 'POST', body: {} }),
      invalidatesTags: ['Subscription'],
    }),
    /** which provider takes the payment, and Stripe's publishable key */
    getBillingConfig: build.query<BillingConfigView, void>({
      query: () => '/billing/config',
    }),
    getSubscription: build.query<SubscriptionView, void>({
      query: () => '/subscription',
      providesTags: ['Subscription'],
    }),
    cancelSubscription: build.mutation<SubscriptionView, void>({
      query: () => ({ url: '/subscription/cancel', method: 'POST', body: {} }),
      invalidatesTags: ['Subscription'],
    }),
    /** the test provider's confirm-payment (Stripe's is made by Stripe.js) */
    confirmTestPayment: build.mutation<{ status: string }, TestPayment>({
      query: (body) => ({ url: '/billing/test-payments', method: 'POST', body }),
      invalidatesTags: ['Subscription'],
    }),
  }),
});

export const { useGetOrCreateSubscriptionMutation, useGetBillingConfigQuery, useGetSubscriptionQuery, useCancelSubscriptionMutation, useConfirmTestPaymentMutation } = subscriptionApi;
