import { api } from '../../../lib/api';

export interface SubscriptionReply {
  clientSecret?: string;
  status?: string;
  message?: string;
  error?: { message?: string };
}

export const subscriptionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/get-or-create-subscription (no payload; an empty JSON body). */
    getOrCreateSubscription: build.mutation<SubscriptionReply, void>({
      query: () => ({ url: '/get-or-create-subscription', method: 'POST', body: {} }),
      invalidatesTags: ['Subscription'],
    }),
  }),
});

export const { useGetOrCreateSubscriptionMutation } = subscriptionApi;
