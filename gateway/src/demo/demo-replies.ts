import { Events, type Language, Rpc, SocketEvents } from '@aero/contracts';
import { subscribeDomainEvents } from '@aero/common';
import type { Subscription } from '@aero/event-bus';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { RealtimeGateway, userRoom } from '../realtime/realtime.gateway.js';
import { demoCrew, stableUuid } from './demo-crew.js';

/** how long a demo member seems to type before the reply */
export const DEMO_REPLY_DELAY_MS = 1500;

/** what a demo member answers, honest that it is a demo profile, in the language of the member's app */
export const demoReply = (firstName: string, language: Language = 'english') =>
  ({
    english: `Hi! ${firstName} here ✈️ Thanks for the message! I'm a demo profile, so this is as far as our chat goes, but real crew are joining every day. Safe flights!`,
    spanish: `¡Hola! Soy ${firstName} ✈️ ¡Gracias por tu mensaje! Soy un perfil de demostración, así que nuestra conversación llega hasta aquí, pero cada día se une tripulación de verdad. ¡Buenos vuelos!`,
    french: `Salut\u00a0! Ici ${firstName} ✈️ Merci pour ton message\u00a0! Je suis un profil de démonstration, notre conversation s'arrête donc ici, mais de vrais membres d'équipage nous rejoignent chaque jour. Bons vols\u00a0!`,
    german: `Hi! Hier ist ${firstName} ✈️ Danke für deine Nachricht! Ich bin ein Demo-Profil, deshalb endet unser Chat hier, aber jeden Tag kommen echte Crew-Mitglieder dazu. Guten Flug!`,
  })[language];

/**
 * With DEMO_SEED, a demo crew member answers the first message a member sends them, once per
 * conversation (after a moment of 'typing…'), so a new member's first chat is alive too, in the
 * language their app said on its connection (English when it has none). The
 * reply's id is derived from the conversation, so a redelivered event never sends a second one.
 */
@Injectable()
export class DemoReplies implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DemoReplies');
  private readonly crew = new Map(demoCrew().map((m) => [m.id, m.profile.firstName]));
  private subscription?: Subscription;
  private readonly pending = new Set<NodeJS.Timeout>();

  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly realtime: RealtimeGateway,
  ) {}

  async onApplicationBootstrap() {
    if (!this.ctx.settings.demoSeed) return;
    this.subscription = await subscribeDomainEvents(this.ctx.bus, {
      consumer: 'gateway.demo-crew-replies',
      subjects: [Events.messaging.messageSent],
      handle: async (event) => {
        const { message, recipientId } = event.payload;
        const firstName = this.crew.get(recipientId);
        if (!firstName || this.crew.has(message.senderId)) return;
        const earlier = await this.ctx.rpc.send(Rpc.messaging.listMessages, { userId: recipientId, matchId: message.matchId }).catch(() => []);
        if (earlier.some((m) => m.senderId === recipientId)) return;
        this.realtime.server.to(userRoom(message.senderId)).emit(SocketEvents.typing, { matchId: message.matchId, userId: recipientId });
        const language = await this.realtime.languageOf(message.senderId).catch(() => 'english' as const);
        const timer = setTimeout(() => {
          this.pending.delete(timer);
          this.ctx.rpc
            .send(Rpc.messaging.sendMessage, { userId: recipientId, matchId: message.matchId, id: stableUuid(`demo-reply:${message.matchId}`), messageType: 'text', content: demoReply(firstName, language) })
            .catch((error: Error) => this.logger.warn(`demo reply not sent: ${error.message}`));
        }, DEMO_REPLY_DELAY_MS);
        this.pending.add(timer);
      },
    });
  }

  async onApplicationShutdown() {
    for (const timer of this.pending) clearTimeout(timer);
    await this.subscription?.stop();
  }
}
