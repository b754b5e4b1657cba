import { isSubscriptionActiveReply } from '../../features/subscription/model';
import { aCurrentUser as user } from '../../lib/current-user/testing';
import { decideGate } from './gate';

describe('protected-page gate (spec §2)', () => {
  it('waits while the session is still loading and nobody is cached', () => {
    expect(decideGate(null, 'loading')).toEqual({ kind: 'loading' });
  });

  it('sends visitors without a user to /auth', () => {
    expect(decideGate(null, 'ready')).toEqual({ kind: 'redirect', to: '/auth' });
  });

  it('sends a non-admin without a userType to /welcome', () => {
    expect(decideGate(user({ userType: null }), 'ready')).toEqual({ kind: 'redirect', to: '/welcome' });
  });

  it('lets admins pass without user type or subscription', () => {
    expect(decideGate(user({ isAdmin: true, userType: null, subscriptionStatus: 'inactive' }), 'ready')).toEqual({ kind: 'pass' });
  });

  it('lets airline staff pass without a subscription', () => {
    expect(decideGate(user({ userType: 'airline', subscriptionStatus: 'inactive', mustSubscribe: false }), 'ready')).toEqual({ kind: 'pass' });
  });

  it('follows the server on who must pay: an airline member who is not staff pays, a general member it clears passes', () => {
    expect(decideGate(user({ userType: 'airline', subscriptionStatus: 'inactive', mustSubscribe: true }), 'ready')).toEqual({ kind: 'verify-subscription' });
    expect(decideGate(user({ userType: 'general', subscriptionStatus: 'inactive', mustSubscribe: false }), 'ready')).toEqual({ kind: 'pass' });
    expect(decideGate(user({ userType: 'general', subscriptionStatus: 'active', mustSubscribe: true }), 'ready')).toEqual({ kind: 'verify-subscription' });
  });

  it('verifies the subscription of a general user who is not active', () => {
    expect(decideGate(user({ subscriptionStatus: 'inactive', mustSubscribe: true }), 'ready')).toEqual({ kind: 'verify-subscription' });
  });

  it('lets an active general user pass, also from the cached user while loading', () => {
    expect(decideGate(user(), 'ready')).toEqual({ kind: 'pass' });
    expect(decideGate(user(), 'loading')).toEqual({ kind: 'pass' });
  });
});

describe('subscription verification answer', () => {
  it('grants access when active or already active', () => {
    expect(isSubscriptionActiveReply({ status: 'active' })).toBe(true);
    expect(isSubscriptionActiveReply({ message: 'Subscription already active' })).toBe(true);
    expect(isSubscriptionActiveReply({ error: { message: 'Subscription already active' } })).toBe(true);
  });

  it('otherwise sends to /subscribe', () => {
    expect(isSubscriptionActiveReply({ status: 'incomplete', clientSecret: 'pi_secret' })).toBe(false);
    expect(isSubscriptionActiveReply(null)).toBe(false);
  });
});
