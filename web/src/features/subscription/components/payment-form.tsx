import { lazy } from 'react';

// Each form loads on its own: Stripe.js only when Stripe takes the payments.
export const TestPaymentForm = lazy(() => import('./test-payment-form'));
export const StripePaymentForm = lazy(() => import('./stripe-payment-form'));
