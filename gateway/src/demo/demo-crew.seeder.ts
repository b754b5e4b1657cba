import { photoObjectKey, photoUrl, Rpc } from '@aero/contracts';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { renderPhoto } from '../photos/photo-images.js';
import { demoCrew, type DemoMember } from './demo-crew.js';
import { demoPortraits } from './demo-portraits.js';

/**
 * With DEMO_SEED (on by default in single-node mode) the demo crew is created once, in the
 * background after start-up, through the services' own calls: verified accounts (identity),
 * profiles with generated portraits (profiles, object storage). Discovery learns of them from
 * the events like of anyone, and some of them like each new member.
 */
@Injectable()
export class DemoCrewSeeder implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DemoCrew');
  private running?: Promise<void>;
  private stopping = false;

  constructor(@Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext) {}

  onApplicationBootstrap() {
    if (!this.ctx.settings.demoSeed) return;
    this.running = this.seed().catch((err) => {
      if (!this.stopping) this.logger.warn(`demo crew not seeded: ${(err as Error).message}`);
    });
  }

  async onApplicationShutdown() {
    this.stopping = true;
    await this.running;
  }

  private async seed() {
    let created = 0;
    for (const member of demoCrew()) {
      if (this.stopping) return;
      if (await this.seedOne(member)) created++;
    }
    if (created) this.logger.log(`demo crew ready (${created} profiles created)`);
  }

  private async seedOne(member: DemoMember): Promise<boolean> {
    const { rpc, storage } = this.ctx;
    await rpc.send(Rpc.identity.createDemoAccount, { accountId: member.id, email: member.email, userType: member.userType });
    if (await rpc.send(Rpc.profiles.get, { userId: member.id })) return false;
    const photos: string[] = [];
    for (const portrait of await demoPortraits(member.profile.firstName + member.id, member.profile.gender)) {
      const rendered = await renderPhoto(portrait);
      if (typeof rendered === 'string') continue;
      const photoId = randomUUID();
      await storage.put(photoObjectKey(member.id, photoId, 'display'), rendered.display, 'image/webp');
      await storage.put(photoObjectKey(member.id, photoId, 'thumb'), rendered.thumb, 'image/webp');
      photos.push(photoUrl(member.id, photoId));
    }
    await rpc.send(Rpc.profiles.create, { userId: member.id, profile: { ...member.profile, userType: member.userType, photos } });
    return true;
  }
}
