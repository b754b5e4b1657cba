import { PeriodicTask } from '@aero/common';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { RealtimeGateway } from './realtime.gateway.js';

/**
 * how often a gateway looks for its sockets whose session has ended without a sign-out (idle, or
 * at its maximum age): half the idle limit, at least a second, at most a minute
 */
export const sessionSweepMs = (idleSeconds: number) => Math.min(60_000, Math.max(1000, idleSeconds * 500));

/** Closes this gateway's sockets whose session has ended unseen: a socket that only listens is signed out too. */
@Injectable()
export class EndedSessionsSweeper extends PeriodicTask {
  constructor(
    private readonly realtime: RealtimeGateway,
    @Inject(GATEWAY_CONTEXT) ctx: GatewayContext,
  ) {
    super('sweep of ended sessions', sessionSweepMs(ctx.settings.sessions.idleSeconds));
  }

  protected run() {
    return this.realtime.closeEndedSessions();
  }
}
