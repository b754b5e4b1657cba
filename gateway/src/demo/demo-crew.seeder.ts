import { documentObjectKey, ErrorCodes, photoObjectKey, photoUrl, Rpc } from '@aero/contracts';
import { RpcError } from '@aero/common';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { layoverPlace } from '../places/gazetteer.js';
import { renderPhoto } from '../photos/photo-images.js';
import { demoCrew, type DemoMember } from './demo-crew.js';
import { demoPortraits } from './demo-portraits.js';

const HOUR_MS = 3600_000;
const DEMO_DOCUMENT = Buffer.from('%PDF-1.4\n% demo crew: no document behind this badge\n%%EOF\n');
/** the wall-clock time of `timeZone` at an instant, as layovers are entered ('2026-03-06T18:30') */
const wallClock = (at: number, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at).replace(' ', 'T');

/**
 * With DEMO_SEED (on by default in single-node mode) the demo crew is created once, in the
 * background after start-up, through the services' own calls: verified accounts (identity),
 * profiles with generated portraits (profiles, object storage). Discovery learns of them from
 * the events like of anyone, and some of them like each new member. A few are verified crew on a
 * layover in Chicago, Denver or New York (beyond spec), so a new member on a layover there finds them.
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
    const present: DemoMember[] = [];
    for (const member of demoCrew()) {
      if (this.stopping) return;
      const seeded = await this.seedOne(member);
      if (seeded === 'departed') this.logger.log(`demo member ${member.id} was deleted: left out`);
      else present.push(member);
      if (seeded === 'created') created++;
    }
    for (const member of present) {
      if (this.stopping) return;
      if (member.layover) await this.seedLayover(member, member.layover);
    }
    // once all of it is there, layovers too (a tool may wait for this line)
    if (created) this.logger.log(`demo crew ready (${created} profiles created)`);
  }

  /**
   * A demo member on a layover is verified crew (a document approved, as an admin would) and
   * keeps a layover from shortly before now: one that ended since the last start is added again.
   */
  private async seedLayover(member: DemoMember, { airport, nights }: { airport: string; nights: number }) {
    const { rpc, storage, clock } = this.ctx;
    if ((await rpc.send(Rpc.profiles.verificationStatus, { userId: member.id })).status !== 'approved') {
      const documentId = randomUUID();
      const objectKey = documentObjectKey(member.id, documentId, 'pdf');
      await storage.put(objectKey, DEMO_DOCUMENT, 'application/pdf');
      await rpc.send(Rpc.profiles.submitDocument, { userId: member.id, documentId, objectKey, fileName: 'demo-crew-badge.pdf', contentType: 'application/pdf' });
      await rpc.send(Rpc.profiles.reviewDocument, { documentId, decision: 'approved' });
    }
    if (await rpc.send(Rpc.discovery.getLayover, { userId: member.id })) return;
    const place = layoverPlace({ airport });
    const now = clock.now().getTime();
    const request = { userId: member.id, place, arrivesAt: wallClock(now - 2 * HOUR_MS, place.timeZone), departsAt: wallClock(now + nights * 24 * HOUR_MS, place.timeZone), verifiedCrewOnly: false };
    // discovery hears of the approval through an event: until then it refuses the layover
    for (let attempt = 0; ; attempt++) {
      try {
        await rpc.send(Rpc.discovery.saveLayover, request);
        return;
      } catch (err) {
        if (!(err instanceof RpcError && err.body.status === 403) || attempt >= 40 || this.stopping) throw err;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }

  /**
   * The member's account and profile, unless there already. One whose account was deleted (an
   * admin's decision on a report, say) stays gone: the profiles service remembers the id and
   * refuses the profile, the account made again here is deleted again (its deletion takes the
   * photos stored here with it, as any account's does), and the rest of the crew is seeded all
   * the same.
   */
  private async seedOne(member: DemoMember): Promise<'created' | 'present' | 'departed'> {
    const { rpc, storage } = this.ctx;
    await rpc.send(Rpc.identity.createDemoAccount, { accountId: member.id, email: member.email, userType: member.userType });
    if (await rpc.send(Rpc.profiles.get, { userId: member.id })) return 'present';
    const photos: string[] = [];
    for (const portrait of await demoPortraits(member.profile.firstName + member.id, member.profile.gender)) {
      const rendered = await renderPhoto(portrait);
      if (typeof rendered === 'string') continue;
      const photoId = randomUUID();
      await storage.put(photoObjectKey(member.id, photoId, 'display'), rendered.display, 'image/webp');
      await storage.put(photoObjectKey(member.id, photoId, 'thumb'), rendered.thumb, 'image/webp');
      photos.push(photoUrl(member.id, photoId));
    }
    try {
      await rpc.send(Rpc.profiles.create, { userId: member.id, profile: { ...member.profile, userType: member.userType, photos } });
      return 'created';
    } catch (err) {
      if (!(err instanceof RpcError && err.body.code === ErrorCodes.accountNotFound)) throw err;
      await rpc.send(Rpc.identity.deleteAccount, { accountId: member.id });
      return 'departed';
    }
  }
}
