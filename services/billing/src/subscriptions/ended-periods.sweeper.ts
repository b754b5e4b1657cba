import { SETTINGS } from '@aero/common';
import type { Settings } from '@aero/config';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SubscriptionsService } from './subscriptions.service.js';

/** Every BILLING_SWEEP_SECONDS: paid periods that ended are renewed or lapse (SubscriptionsService.sweepEndedPeriods). */
@Injectable()
export class EndedPeriodsSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(EndedPeriodsSweeper.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly subscriptions: SubscriptionsService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => this.sweep(), this.settings.billingSweepSeconds * 1000);
    this.timer.unref();
  }

  private sweep() {
    if (this.running) return;
    this.running = this.subscriptions
      .sweepEndedPeriods()
      .catch((err: Error) => this.logger.warn(`sweep of ended periods failed: ${err.message}`))
      .finally(() => (this.running = undefined));
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    await this.running;
  }
}
