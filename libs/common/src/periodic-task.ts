import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

/**
 * A service's chore run every `periodMs` while it is up (a sweep of what has ended): one run at a
 * time (a slow run is not overlapped), a failure logged and tried again next time, and the run
 * under way awaited at shutdown. `label` says what it does, for the log; with `runAtStart` the
 * first run comes as the service starts, else one period later.
 */
export abstract class PeriodicTask implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(this.constructor.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly label: string,
    private readonly periodMs: number,
    private readonly runAtStart = false,
  ) {}

  protected abstract run(): Promise<unknown>;

  onApplicationBootstrap() {
    if (this.runAtStart) this.tick();
    this.timer = setInterval(() => this.tick(), this.periodMs);
    this.timer.unref();
  }

  private tick() {
    if (this.running) return;
    this.running = this.run()
      .catch((err: Error) => this.log.warn(`${this.label} failed: ${err.message}`))
      .finally(() => (this.running = undefined));
  }

  async onApplicationShutdown() {
    clearInterval(this.timer);
    await this.running;
  }
}
