import { PeriodicTask } from '@aero/common';
import { Injectable } from '@nestjs/common';
import { PushSubscriptionRepository } from './push-subscription.repository.js';

/** how often subscriptions whose session could have expired unused are forgotten */
export const PUSH_SUBSCRIPTION_SWEEP_MS = 60 * 60 * 1000;

/**
 * Every hour (and as the service starts), the subscriptions of sessions that could have expired
 * unused (`expires_at`) leave the database: nothing is sent to them any more, and a member who
 * never comes back leaves no browser's endpoint and keys behind.
 */
@Injectable()
export class ExpiredPushSubscriptionsSweeper extends PeriodicTask {
  constructor(private readonly subscriptions: PushSubscriptionRepository) {
    super('sweep of expired push subscriptions', PUSH_SUBSCRIPTION_SWEEP_MS, true);
  }

  protected run() {
    return this.subscriptions.deleteExpired();
  }
}
