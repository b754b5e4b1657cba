import { CLOCK, type Clock, DomainEvents, UnitOfWork } from '@aero/common';
import { badRequest, type BillingConfigView, type BillingMemberRequest, type BillingWebhookRequest, ErrorCodes, Events, Messages, notFound, ServerLimits, type SubscriptionChangedEvent, type SubscriptionSetupReply, type SubscriptionView } from '@aero/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ENDED_STATUSES, FINAL_STATUSES, PAID_STATUSES, RENEWAL_FAILED_STATUSES, PAYMENTS, type Payments, type ProviderSubscription, WebhookSignatureError } from '../payments/payments.port.js';
import { type EndedPeriod, type MemberSubscription, SubscriptionRepository } from './subscription.repository.js';

/** the webhook events that can change a subscription; others are acknowledged and ignored */
export const HANDLED_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed', 'customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);

const HOUR_MS = 3600 * 1000;

/**
 * Members' subscriptions. The provider is the truth: every change (a webhook, a renewal check, a
 * cancellation) is applied from the provider's current state of the subscription, so events that
 * arrive twice or out of order cannot move it backwards, and nothing here activates a subscription
 * that the provider does not say is paid. Identity hears of each change through the outbox.
 */
@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger(SubscriptionsService.name);
  /** where the last sweep stopped (none: start with the oldest) */
  private sweptUpTo?: EndedPeriod;

  constructor(
    private readonly subscriptions: SubscriptionRepository,
    @Inject(PAYMENTS) private readonly payments: Payments,
    private readonly uow: UnitOfWork,
    private readonly events: DomainEvents,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  config(): BillingConfigView {
    return { provider: this.payments.provider, publishableKey: this.payments.publishableKey };
  }

  /**
   * The member's subscription: the customer is created once, and an incomplete subscription once
   * (a second call answers the same one, with its payment's client secret); a new one only after
   * the previous one ended (expired, cancelled, or unpaid: then it is cancelled first).
   */
  async getOrCreate({ userId, email }: BillingMemberRequest): Promise<SubscriptionSetupReply> {
    return this.uow.run(async () => {
      const member = await this.subscriptions.lockFor(userId);
      // the account was deleted while this request was on its way: nothing is made for nobody
      if (!member) throw notFound(Messages.accountNotFound, ErrorCodes.accountNotFound);
      if (!member.customerId) member.customerId = (await this.payments.createCustomer({ userId, email })).id;
      // one the provider no longer has is replaced like an ended one
      let current: ProviderSubscription | null = member.subscriptionId ? await this.payments.retrieveSubscription(member.subscriptionId) : null;
      // one whose renewal the provider never confirmed (lapsed) is replaced too: waiting on it would keep the member out
      if (!current || ENDED_STATUSES.has(current.status) || this.lapsed(current)) {
        // the one replaced ends first: an unpaid invoice of it paid later would charge without access
        if (current && !FINAL_STATUSES.has(current.status)) await this.payments.cancelNow(current.id);
        current = await this.payments.createSubscription({ customerId: member.customerId, userId });
      }
      const applied = await this.apply(member, current);
      if (applied.status === 'active') return { status: 'active', message: Messages.subscriptionAlreadyActive };
      return { status: current.status, clientSecret: current.clientSecret ?? undefined };
    });
  }

  async get({ userId }: BillingMemberRequest): Promise<SubscriptionView> {
    return this.view(await this.subscriptions.find(userId));
  }

  /**
   * Cancels at the end of the paid period (beyond the spec): the member keeps what they paid for.
   * One whose renewal was not paid has no paid period left: it ends now, so its open invoice is
   * never charged.
   */
  cancel({ userId }: BillingMemberRequest): Promise<SubscriptionView> {
    return this.changeRenewal(userId, true);
  }

  /** a cancelled subscription renews again, while its paid period lasts (beyond the spec): cancelling by mistake costs nothing */
  resume({ userId }: BillingMemberRequest): Promise<SubscriptionView> {
    return this.changeRenewal(userId, false);
  }

  /**
   * Cancel or resume, as the provider answers it (nothing is changed when it is so already). The
   * provider's state is read first: one that ended there meanwhile (cancelled in its dashboard, its
   * webhook late or lost) cannot be changed any more; it is applied, and the member told there is
   * no active subscription.
   */
  private async changeRenewal(userId: string, cancel: boolean): Promise<SubscriptionView> {
    const view = await this.uow.run(async () => {
      const member = await this.subscriptions.lockFor(userId);
      if (!member?.subscriptionId || (member.status !== 'active' && !(cancel && this.renewalFailed(member)))) return null;
      const current = await this.current(member);
      if (cancel && RENEWAL_FAILED_STATUSES.has(current.status)) {
        await this.apply(member, await this.payments.cancelNow(current.id));
        return this.view(member);
      }
      const changeable = PAID_STATUSES.has(current.status) && current.cancelAtPeriodEnd !== cancel;
      await this.apply(member, changeable ? await this.payments.setCancelAtPeriodEnd(current.id, cancel) : current);
      return member.status === 'active' ? this.view(member) : null;
    });
    if (!view) throw notFound(Messages.notSubscribed, ErrorCodes.notSubscribed);
    return view;
  }

  /**
   * A provider's webhook: the signature must hold (else 400 and nothing changes), an event id is
   * handled once, and the subscription it concerns is read back from the provider and applied.
   */
  async handleWebhook({ payload, signature }: BillingWebhookRequest): Promise<{ received: true; duplicate: boolean }> {
    let event;
    try {
      event = this.payments.parseWebhook(payload, signature);
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw badRequest(Messages.webhookSignature, ErrorCodes.webhookSignature);
      throw err;
    }
    return this.uow.run(async () => {
      if (!(await this.subscriptions.recordWebhookEvent(event.id, event.type))) return { received: true as const, duplicate: true };
      if (HANDLED_EVENTS.has(event.type) && event.subscriptionId) {
        const member = await this.subscriptions.lockBySubscriptionId(event.subscriptionId);
        // a subscription billing did not create (another product on the same Stripe account): not ours
        if (member) await this.apply(member, await this.current(member));
      }
      return { received: true as const, duplicate: false };
    });
  }

  /**
   * Paid periods that ended: the provider says whether it renewed; one whose renewal is still
   * unconfirmed `subscriptionLapseGraceHours` after its end lapses. Each member in a transaction
   * of their own, so one whose check fails (logged, tried again next time) holds up no other.
   * A sweep checks `batch` of them (each a call to the provider), going on where the last one
   * stopped and starting over after the newest: however many stay unconfirmed for a while, the
   * others behind them are reached. Replicas share the work. Answers how many were checked.
   */
  async sweepEndedPeriods(batch: number): Promise<number> {
    const now = this.clock.now();
    let checked = 0;
    const ended = await this.subscriptions.endedPeriods(now, batch, this.sweptUpTo);
    this.sweptUpTo = ended.length === batch ? ended.at(-1) : undefined;
    for (const { userId } of ended) {
      try {
        if (await this.uow.run(() => this.checkEndedPeriod(userId, now))) checked += 1;
      } catch (err) {
        this.logger.warn(`renewal check of ${userId}'s subscription failed: ${(err as Error).message}`);
      }
    }
    return checked;
  }

  private async checkEndedPeriod(userId: string, now: Date): Promise<boolean> {
    const member = await this.subscriptions.lockEndedPeriod(userId, now);
    if (!member) return false;
    await this.apply(member, await this.current(member));
    return true;
  }

  /** the provider's state of the member's subscription; one it no longer has (deleted there) ended: cancelled */
  private async current(member: MemberSubscription): Promise<ProviderSubscription> {
    const current = await this.payments.retrieveSubscription(member.subscriptionId!);
    return current ?? { id: member.subscriptionId!, customerId: member.customerId!, status: 'canceled', currentPeriodEnd: member.currentPeriodEnd, cancelAtPeriodEnd: false, clientSecret: null };
  }

  /**
   * The account is deleted: its subscription ends now (never charged again), the provider's
   * customer (the member's email) is deleted, and billing forgets the member. The member's row is
   * locked, made if need be: a first subscription being created at that moment (its row not
   * committed yet) is waited for, and ended too.
   */
  async forget(userId: string): Promise<void> {
    await this.uow.run(async () => {
      const member = await this.subscriptions.lockFor(userId);
      if (!member) return; // forgotten already
      if (member.subscriptionId) await this.endNow(member);
      if (member.customerId) await this.payments.deleteCustomer(member.customerId);
      await this.subscriptions.depart(userId);
    });
  }

  /**
   * The member is banned (for good: they can no longer sign in to cancel or delete the account):
   * their subscription ends now at the provider, never charged again. Billing keeps the member,
   * inactive, and identity is told like any other change.
   */
  async endForBan(userId: string): Promise<void> {
    await this.uow.run(async () => {
      // made if need be, as for a deletion: a first subscription being created at that moment is
      // waited for, and ended too
      const member = await this.subscriptions.lockFor(userId);
      if (!member?.subscriptionId) return;
      await this.apply(member, await this.endNow(member));
    });
  }

  /**
   * Ends the member's subscription at the provider now, as the provider has it now (the stored
   * status may be behind): one it no longer has, or ended for good, has nothing to cancel.
   * Answers the subscription as it ended.
   */
  private async endNow(member: MemberSubscription): Promise<ProviderSubscription> {
    const current = await this.current(member);
    return FINAL_STATUSES.has(current.status) ? current : this.payments.cancelNow(current.id);
  }

  /**
   * A subscription the provider still calls paid although its period ended more than
   * `subscriptionLapseGraceHours` ago: its renewal was never confirmed, and it pays for nothing now.
   */
  private lapsed(current: ProviderSubscription): boolean {
    const end = current.currentPeriodEnd;
    return PAID_STATUSES.has(current.status) && !!end && end.getTime() + ServerLimits.subscriptionLapseGraceHours * HOUR_MS <= this.clock.now().getTime();
  }

  /**
   * The provider's state of the subscription, onto the member; identity is told when what the
   * member has changed. Active only while the provider says it is paid and it has not lapsed: any
   * later look at a lapsed one (a webhook, the gate's get-or-create) keeps it inactive.
   */
  private async apply(member: MemberSubscription, current: ProviderSubscription): Promise<MemberSubscription> {
    const periodMoved = current.currentPeriodEnd?.getTime() !== member.currentPeriodEnd?.getTime();
    member.subscriptionId = current.id;
    member.customerId = current.customerId;
    member.providerStatus = current.status;
    member.currentPeriodEnd = current.currentPeriodEnd;
    member.cancelAtPeriodEnd = current.cancelAtPeriodEnd;
    const paid = PAID_STATUSES.has(current.status) && !!current.currentPeriodEnd && !this.lapsed(current);
    const status = paid ? 'active' : 'inactive';
    if (status !== member.status || (paid && periodMoved)) await this.change(member, status);
    else await this.subscriptions.save(member);
    return member;
  }

  private async change(member: MemberSubscription, status: 'active' | 'inactive') {
    member.status = status;
    member.revision += 1;
    await this.subscriptions.save(member);
    const event: SubscriptionChangedEvent = { accountId: member.userId, status, expiresAt: member.currentPeriodEnd?.toISOString() ?? null, revision: member.revision };
    await this.events.emit(status === 'active' ? Events.billing.subscriptionActivated : Events.billing.subscriptionDeactivated, event);
    this.logger.log(`subscription of ${member.userId} is ${status}`);
  }

  /** the member's renewal was not paid, as billing last heard from the provider */
  private renewalFailed(member: MemberSubscription): boolean {
    return member.status !== 'active' && RENEWAL_FAILED_STATUSES.has(member.providerStatus ?? '');
  }

  private view(member: MemberSubscription | null): SubscriptionView {
    if (!member || member.status !== 'active') {
      return { status: 'inactive', currentPeriodEnd: member?.currentPeriodEnd?.toISOString() ?? null, cancelAtPeriodEnd: false, renewalFailed: !!member && this.renewalFailed(member) };
    }
    return { status: 'active', currentPeriodEnd: member.currentPeriodEnd?.toISOString() ?? null, cancelAtPeriodEnd: member.cancelAtPeriodEnd, renewalFailed: false };
  }
}
