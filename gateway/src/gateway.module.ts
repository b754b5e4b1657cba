import { BillingController } from './billing/billing.controller.js';
import { DevMailbox } from '@aero/ports';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { createValidationPipe, Presence } from '@aero/common';
import { AdminController } from './admin/admin.controller.js';
import { AccountSecurityController } from './auth/account-security.controller.js';
import { AuthController } from './auth/auth.controller.js';
import { DeviceCookies } from './auth/device-cookie.js';
import { LocalStrategy } from './auth/local.strategy.js';
import { SessionGuard } from './auth/session.guard.js';
import { SessionStore } from './auth/session.store.js';
import { ChatController } from './chat/chat.controller.js';
import { AttachmentUploads } from './chat/attachment-uploads.js';
import { BlocksService } from './chat/blocks.service.js';
import { ChatService } from './chat/chat.service.js';
import { DemoCrewSeeder } from './demo/demo-crew.seeder.js';
import { DemoPresence } from './demo/demo-presence.js';
import { DemoReplies } from './demo/demo-replies.js';
import { DevMailboxController } from './dev/dev-mailbox.controller.js';
import { DiscoveryController } from './discovery/discovery.controller.js';
import { GATEWAY_CONTEXT, type GatewayContext } from './gateway.context.js';
import { HealthController } from './health/health.controller.js';
import { HttpErrorFilter } from './http/http-error.filter.js';
import { RateLimitGuard, RateLimits } from './http/rate-limit.guard.js';
import { NotificationsController } from './notifications/notifications.controller.js';
import { PushController } from './notifications/push.controller.js';
import { ObjectsController } from './objects/objects.controller.js';
import { PhotosController } from './photos/photos.controller.js';
import { UnattachedPhotos } from './photos/unattached-photos.js';
import { AirportsController } from './places/airports.controller.js';
import { PlacesController } from './places/places.controller.js';
import { LayoverController } from './layovers/layover.controller.js';
import { EndedSessionsSweeper } from './realtime/ended-sessions.sweeper.js';
import { RealtimeGateway } from './realtime/realtime.gateway.js';
import { ReportsController } from './reports/reports.controller.js';
import { CurrentUserService } from './users/current-user.service.js';
import { MemberSettingsController } from './users/member-settings.controller.js';
import { UploadSlots } from './uploads/upload-slots.js';
import { UsersController } from './users/users.controller.js';
import { VerificationController } from './verification/verification.controller.js';
import { WebAppController } from './web/web-app.controller.js';

@Module({})
export class GatewayModule {
  static register(ctx: GatewayContext): DynamicModule {
    const devControllers = ctx.mailer instanceof DevMailbox ? [DevMailboxController] : [];
    return {
      module: GatewayModule,
      imports: [PassportModule],
      // the web app's catch-all comes last
      controllers: [
        HealthController,
        AuthController,
        MemberSettingsController,
        AccountSecurityController,
        UsersController,
        PhotosController,
        VerificationController,
        AdminController,
        PlacesController,
        AirportsController,
        LayoverController,
        NotificationsController,
        PushController,
        BillingController,
        DiscoveryController,
        ChatController,
        ReportsController,
        ObjectsController,
        ...devControllers,
        WebAppController,
      ],
      providers: [
        { provide: GATEWAY_CONTEXT, useValue: ctx },
        // who is online, across gateways (the key-value port)
        { provide: Presence, useValue: new Presence(ctx.kv, ctx.settings.presenceTtlSeconds) },
        { provide: APP_GUARD, useClass: SessionGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
        { provide: APP_PIPE, useFactory: () => createValidationPipe() },
        SessionStore,
        DeviceCookies,
        CurrentUserService,
        ChatService,
        BlocksService,
        AttachmentUploads,
        UploadSlots,
        UnattachedPhotos,
        RateLimits,
        RateLimitGuard,
        LocalStrategy,
        RealtimeGateway,
        EndedSessionsSweeper,
        DemoCrewSeeder,
        DemoReplies,
        DemoPresence,
      ],
    };
  }
}
