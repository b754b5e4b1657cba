import type { UserType } from '@aero/contracts/shared';
import type { CurrentUser } from '../../../lib/current-user';

export type { UserType };

/** What login and verification answer: the user (as GET /api/users/me would) and their profile. */
export interface AuthReply {
  requiresVerification?: boolean;
  user?: CurrentUser;
  profile?: Record<string, unknown> | null;
}
