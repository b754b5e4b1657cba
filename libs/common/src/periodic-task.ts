import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

/**
 * A service's chore run every `periodMs` while it is up (a sweep of what has ended): one run at a
 * time (a slow run is not overlapped), a failure logged and tried again next time, and the run
 * under way awaited at shutdown.
 */
export abstract class PeriodicTask implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(this.constructor.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  /** what the task does, in a few words for the log */
  protected abstract readonly label: string;
  protected abstract periodMs(): number;
  protected abstract run(): Promise<unknown>;
  /** whether a run starts with the service (else the first is one period later) */
  protected readonly runAtStart: boolean = false;

  onApplicationBootstrap() {
    if (this.runAtStart) this.tick();
    this.timer = setInterval(() => this.tick(), this.periodMs());
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
