import { createValidationPipe } from '@aero/common';
import { Rpc, UpdateSettingsBody } from '@aero/contracts';
import { Body, Controller, Get, Inject, Logger, type PipeTransform, Put, type Type } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { MemberSettingsSchema } from '../openapi/schemas/profile.schema.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';

/**
 * Validates the raw body against `type` with the shared pipe in its strict form, refusing unknown
 * keys (400, shaped as every other validation failure) instead of dropping them: a typo must not
 * pass for a saved choice. (The parameter is declared as a plain record, so the global pipe, which
 * strips unknown keys, leaves it untouched.)
 */
class StrictBody implements PipeTransform {
  private readonly pipe = createValidationPipe({ strict: true });
  constructor(private readonly type: Type) {}
  transform(value: unknown) {
    return this.pipe.transform(value, { type: 'body', metatype: this.type });
  }
}

/**
 * The settings the server enforces (beyond the spec, whose settings stay in the browser): the
 * signed-in member's own only. Profiles owns them; discovery applies the privacy part; showOnline
 * holds for the member's presence before the answer.
 */
@ApiTags('users')
@Controller('api/users/me/settings')
export class MemberSettingsController {
  private readonly logger = new Logger('MemberSettingsController');

  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly realtime: RealtimeGateway,
  ) {}

  @ApiOkResponse({ type: MemberSettingsSchema })
  @Get()
  get(@CurrentUser() user: SessionUser) {
    return this.ctx.rpc.send(Rpc.profiles.getSettings, { userId: user.id });
  }

  @ApiBody({ type: UpdateSettingsBody, description: 'any part of the settings; unknown keys or values are refused (400)' })
  @ApiOkResponse({ type: MemberSettingsSchema, description: 'the settings now' })
  @Put()
  async update(@CurrentUser() user: SessionUser, @Body(new StrictBody(UpdateSettingsBody)) settings: Record<string, unknown>) {
    const saved = await this.ctx.rpc.send(Rpc.profiles.updateSettings, { userId: user.id, settings: settings as UpdateSettingsBody });
    // hidden (or shown) from the answer on, on every socket and gateway; the settings event applies
    // it again (and is what applies it when this fails: the settings are saved either way)
    await this.realtime.showOnline(user.id, saved.privacy.showOnline).catch((error: unknown) => this.logger.warn(`showOnline not applied at once: ${(error as Error).message}`));
    return saved;
  }
}
