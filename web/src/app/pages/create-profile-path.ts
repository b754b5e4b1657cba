import { isAirline, SUBSCRIPTION_RETURN_PATH } from '@aero/contracts/shared';
import type { CurrentUser } from '../../lib/current-user';

/**
 * Create Profile for a member whose profile is not complete, by their account type: a general
 * member's as after paying (`from=subscription`: its Back goes to /subscribe, spec §2, and the
 * profile completed there goes on to the deck); without a type (an admin), /welcome to choose one.
 */
export function createProfilePath(user: Pick<CurrentUser, 'userType'> | null): string {
  if (isAirline(user?.userType)) return '/register?type=airline';
  return user?.userType === 'general' ? SUBSCRIPTION_RETURN_PATH : '/welcome';
}
