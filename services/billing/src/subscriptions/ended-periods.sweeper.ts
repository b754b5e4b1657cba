import { PeriodicTask, SETTINGS } from '@aero/common';
import type { Settings } from '@aero/config';
import { Inject, Injectable } from '@nestjs/common';
import { SubscriptionsService } from './subscriptions.service.js';

/** Every BILLING_SWEEP_SECONDS: BILLING_SWEEP_BATCH paid periods that ended are renewed or lapse (SubscriptionsService.sweepEndedPeriods). */
@Injectable()
export class EndedPeriodsSweeper extends PeriodicTask {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {
    super('sweep of ended periods', settings.billingSweepSeconds * 1000);
  }

  protected run() {
    return this.subscriptions.sweepEndedPeriods(this.settings.billingSweepBatch);
  }
}
