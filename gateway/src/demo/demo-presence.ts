import { Presence } from '@aero/common';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { demoCrew } from './demo-crew.js';

/**
 * With DEMO_SEED the demo crew is always online: it answers a first message within seconds, so a
 * chat header saying 'Offline' over a reply would be a contradiction. Each demo member holds one
 * presence mark (as a socket would, shown to their matches), refreshed like a socket's, so it ends
 * with the process as a crashed gateway's members do.
 */
@Injectable()
export class DemoPresence implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DemoPresence');
  private readonly marks = demoCrew().map((m) => ({ userId: m.id, socketId: `demo:${m.id}` }));
  private heartbeat?: NodeJS.Timeout;

  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly presence: Presence,
  ) {}

  async onApplicationBootstrap() {
    if (!this.ctx.settings.demoSeed) return;
    await this.mark();
    const period = Math.max(1, Math.floor(this.ctx.settings.presenceTtlSeconds / 3)) * 1000;
    this.heartbeat = setInterval(() => void this.mark(), period);
    this.heartbeat.unref();
  }

  onApplicationShutdown() {
    clearInterval(this.heartbeat);
  }

  private async mark() {
    try {
      for (const { userId } of this.marks) await this.presence.show(userId, true);
      await this.presence.refresh(this.marks);
    } catch (error) {
      this.logger.warn(`demo crew presence not marked: ${(error as Error).message}`);
    }
  }
}
