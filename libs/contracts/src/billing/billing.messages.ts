/** Billing's texts, defined once for the server and the web app. */
export const BillingMessages = {
  alreadyActive: 'Subscription already active',
  notRequired: 'No subscription needed',
  cardNumberInvalid: 'Your card number is invalid.',
  expiryInvalid: "Your card's expiration date is invalid.",
  cvcInvalid: "Your card's security code is invalid.",
  cardDeclined: 'Your card was declined.',
  authenticationRequired: 'This card needs 3D Secure authentication, which the test provider does not perform. Use 4242 4242 4242 4242.',
  unknownTestCard: 'Your card was declined. In test mode, use a Stripe test card such as 4242 4242 4242 4242.',
  paymentNotFound: 'Payment not found',
  webhookSignature: 'Invalid webhook signature',
  notSubscribed: 'No active subscription',
} as const;
