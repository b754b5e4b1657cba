import type { BillingConfigView, SubscriptionView } from '@aero/contracts/shared';
import { api } from '../../../lib/api';
import { patchCurrentUser } from '../../../lib/current-user';
import type { ApiError } from '../../../lib/http';
import { currentUserChangeOf } from '../lib/subscription-result';
import type { SubscriptionReply } from '../types/subscription-reply';

export type { SubscriptionReply };

export interface TestPayment {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export const subscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/get-or-create-subscription (no payload; an empty JSON body). An answer that the
     * subscription is active (also the refusal 'Subscription already active') or that nothing is to
     * pay goes into the current user: the account's own status follows the payment by an event, later.
     */
    getOrCreateSubscription: build.mutation<SubscriptionReply, void>({
      query: () => ({ url: '/get-or-create-subscription', method: 'POST', body: {} }),
      invalidatesTags: ['Subscription'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        let reply: SubscriptionReply;
        try {
          reply = (await queryFulfilled).data;
        } catch (failure) {
          reply = { message: (failure as { error?: ApiError }).error?.serverMessage };
        }
        const change = currentUserChangeOf(reply);
        if (change) dispatch(patchCurrentUser(change));
      },
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
    /** a cancelled subscription renews again (while its paid period lasts) */
    resumeSubscription: build.mutation<SubscriptionView, void>({
      query: () => ({ url: '/subscription/resume', method: 'POST', body: {} }),
      invalidatesTags: ['Subscription'],
    }),
    /** the test provider's confirm-payment (Stripe's is made by Stripe.js) */
    confirmTestPayment: build.mutation<{ status: string }, TestPayment>({
      query: (body) => ({ url: '/billing/test-payments', method: 'POST', body }),
      invalidatesTags: ['Subscription'],
    }),
  }),
});

export const { useGetOrCreateSubscriptionMutation, useGetBillingConfigQuery, useGetSubscriptionQuery, useCancelSubscriptionMutation, useResumeSubscriptionMutation, useConfirmTestPaymentMutation } = subscriptionApi;
