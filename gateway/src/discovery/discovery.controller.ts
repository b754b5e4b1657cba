import { BoostBody, FilterPreferencesBody, LikeBody, Limits, type MatchView, ProfileViewBody, Rpc, type RpcRequest, type RpcSubject, ToUserBody } from '@aero/contracts';
import { Presence } from '@aero/common';
import { Body, Controller, Get, HttpCode, Inject, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { GATEWAY_CONTEXT, type GatewayContext } from '../gateway.context.js';
import { CurrentUser, type SessionUser } from '../http/current-user.decorator.js';
import { RateLimit, RateLimitGuard } from '../http/rate-limit.guard.js';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-responses.js';
import { CountSchema, SuccessSchema } from '../openapi/schemas/common.schema.js';
import { BoostSchema, BoostStateSchema, FilterPreferencesSchema, MatchSchema, ProfileViewEntrySchema, SwipeResultSchema, UndoSchema } from '../openapi/schemas/activity.schema.js';
import { CandidateSchema } from '../openapi/schemas/profile.schema.js';

/**
 * Discovery and swiping (spec §7): the deck, likes, super likes, passes, undo, boost, profile
 * views, saved filters and the match list. Every call acts as the session's member; ids in
 * bodies name the other member only.
 */
@ApiTags('discovery')
@Controller('api')
export class DiscoveryController {
  constructor(
    @Inject(GATEWAY_CONTEXT) private readonly ctx: GatewayContext,
    private readonly presence: Presence,
  ) {}

  private send<S extends RpcSubject>(subject: S, data: RpcRequest<S>) {
    return this.ctx.rpc.send(subject, data);
  }

  /** the next cards (20); calling again after swiping continues where the deck left off */
  @ApiOkResponse({ type: [CandidateSchema], description: 'the next cards (20)' })
  @Get('discovery')
  @UseGuards(RateLimitGuard)
  @RateLimit('deck')
  deck(@CurrentUser() user: SessionUser) {
    return this.send(Rpc.discovery.deck, { userId: user.id });
  }

  @ApiOkResponse({ type: [CandidateSchema], description: 'the next cards matching the filter (lists comma-joined)' })
  @Get('discovery/filtered')
  @UseGuards(RateLimitGuard)
  @RateLimit('deck')
  filtered(@CurrentUser() user: SessionUser, @Query() filters: FilterPreferencesBody) {
    return this.send(Rpc.discovery.deck, { userId: user.id, filters });
  }

  @ApiOkResponse({ type: FilterPreferencesSchema })
  @Post('users/filter-preferences/load')
  @HttpCode(200)
  loadFilters(@CurrentUser() user: SessionUser) {
    return this.send(Rpc.discovery.loadFilters, { userId: user.id });
  }

  @ApiOkResponse({ type: FilterPreferencesSchema, description: 'the saved filter' })
  @Post('users/filter-preferences')
  @HttpCode(200)
  saveFilters(@CurrentUser() user: SessionUser, @Body() filters: FilterPreferencesBody) {
    return this.send(Rpc.discovery.saveFilters, { userId: user.id, filters });
  }

  @ApiOkResponse({ type: SwipeResultSchema })
  @ApiErrors({ 402: 'An active subscription is required (code `subscription_required`)', 404: 'Unknown profile' })
  @Patch('likes')
  @UseGuards(RateLimitGuard)
  @RateLimit('swipe')
  like(@CurrentUser() user: SessionUser, @Body() body: LikeBody) {
    return this.send(Rpc.discovery.swipe, { userId: user.id, toUserId: body.toUserId, action: body.isSuper ? 'super_like' : 'like' });
  }

  @ApiOkResponse({ type: SwipeResultSchema })
  @ApiErrors({ 400: 'No super likes remaining (code `no_super_likes`)', 402: 'An active subscription is required (code `subscription_required`)', 404: 'Unknown profile' })
  @Post('super-like')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('swipe')
  superLike(@CurrentUser() user: SessionUser, @Body() body: ToUserBody) {
    return this.send(Rpc.discovery.swipe, { userId: user.id, toUserId: body.toUserId, action: 'super_like' });
  }

  @ApiOkResponse({ type: SuccessSchema })
  @ApiErrors({ 402: 'An active subscription is required (code `subscription_required`)', 404: 'Unknown profile' })
  @Post('pass')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('swipe')
  async pass(@CurrentUser() user: SessionUser, @Body() body: ToUserBody) {
    await this.send(Rpc.discovery.swipe, { userId: user.id, toUserId: body.toUserId, action: 'pass' });
    return { success: true };
  }

  @ApiOkResponse({ type: UndoSchema })
  @ApiErrors({ 400: 'No action to undo (code `nothing_to_undo`)' })
  @Post('undo-swipe')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('swipe')
  undo(@CurrentUser() user: SessionUser) {
    return this.send(Rpc.discovery.undo, { userId: user.id });
  }

  @ApiOkResponse({ type: BoostSchema })
  @ApiErrors({ 402: 'An active subscription is required (code `subscription_required`)', 409: 'A boost is active already (code `boost_active`), or the last one started less than `ServerLimits.boostCooldownHours` ago (code `boost_cooldown`)' })
  @Post('boost')
  @HttpCode(200)
  boost(@CurrentUser() user: SessionUser, @Body() body: BoostBody) {
    return this.send(Rpc.discovery.boost, { userId: user.id, duration: body.duration ?? Limits.boostMinutesDefault });
  }

  /** the member's boost as the server holds it: the app asks when it hears one is on already (started on another device) */
  @ApiOkResponse({ type: BoostStateSchema })
  @ApiErrors({ 404: 'Unknown profile (no complete profile yet)' })
  @Get('boost')
  boostState(@CurrentUser() user: SessionUser) {
    return this.send(Rpc.discovery.boostState, { userId: user.id });
  }

  @ApiOkResponse({ type: SuccessSchema })
  @ApiErrors({ 402: 'An active subscription is required (code `subscription_required`)', 404: 'Unknown profile' })
  @Post('profile-views')
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('swipe')
  recordView(@CurrentUser() user: SessionUser, @Body() body: ProfileViewBody) {
    return this.send(Rpc.discovery.recordView, { userId: user.id, viewedUserId: body.viewedUserId });
  }

  @ApiOkResponse({ type: [ProfileViewEntrySchema], description: 'who viewed the member, newest first' })
  @Get('profile-views')
  views(@CurrentUser() user: SessionUser) {
    return this.send(Rpc.discovery.listViews, { userId: user.id });
  }

  @ApiOkResponse({ type: CountSchema })
  @Get('profile-views/count')
  viewCount(@CurrentUser() user: SessionUser) {
    return this.send(Rpc.discovery.countViews, { userId: user.id });
  }

  /** the member's matches with their conversations' state and whether the other is online (when they show it), latest activity first */
  @ApiOkResponse({ type: [MatchSchema] })
  @Get('matches')
  async matches(@CurrentUser() user: SessionUser): Promise<MatchView[]> {
    const matches = await this.send(Rpc.discovery.listMatches, { userId: user.id });
    const summaries = new Map((await this.send(Rpc.messaging.summaries, { userId: user.id, matchIds: matches.map((m) => m.id) })).map((s) => [s.matchId, s]));
    const activity = (m: MatchView) => summaries.get(m.id)?.lastMessageAt ?? m.createdAt;
    const online = await this.presence.visiblyOnline(matches.map((m) => m.otherUser.id));
    return matches
      .map((m) => ({ ...m, hasMessages: summaries.get(m.id)?.hasMessages ?? false, hasUnreadMessages: summaries.get(m.id)?.hasUnreadMessages ?? false, online: online.has(m.otherUser.id) }))
      .sort((a, b) => activity(b).localeCompare(activity(a)));
  }
}
