/** what either payment form takes: the PaymentIntent's client secret, and what to do after */
export interface PaymentFormProps {
  clientSecret: string;
  payLabel: string;
  onPaid(): void;
  /** the provider's message (shown with 'Payment Failed') */
  onFailed(message: string): void;
}
