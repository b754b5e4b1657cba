import type { CandidateView } from '@aero/contracts/shared';
import type { SwipeAction } from './deck';

/** Where a card stands: moved by `x`, `y` px, turned by `rot` degrees. */
export interface CardPose {
  x: number;
  y: number;
  rot: number;
}

/** A card's pose with its scale, as the stack draws it. */
export interface CardMotionPose extends CardPose {
  scale: number;
}

/** a swiped card on its way off the stack */
export interface LeavingCard {
  key: number;
  card: CandidateView;
  action: SwipeAction;
  from: CardPose;
}

/** the card a successful undo brings back, and the side it flew out to */
export interface ReturningCard {
  id: string;
  action: SwipeAction;
}

/** on top of the stack, at rest */
export const REST_POSE: CardMotionPose = { x: 0, y: 0, rot: 0, scale: 1 };
/** where the next card waits behind the top one, and comes up from */
export const BEHIND_POSE: CardMotionPose = { x: 0, y: 14, rot: 0, scale: 0.95 };

const viewportSize = () => (typeof window === 'undefined' ? { width: 800, height: 900 } : { width: window.innerWidth, height: window.innerHeight });

/** Where a card leaving from `from` flies to (and where one brought back by an undo comes from). */
export function offscreenPose(action: SwipeAction, from: CardPose, viewport = viewportSize()): CardPose {
  if (action === 'super_like') return { x: from.x, y: -viewport.height - 200, rot: from.rot };
  const dir = action === 'like' ? 1 : -1;
  return { x: dir * (viewport.width + 240), y: from.y + 60, rot: dir * 24 };
}

/**
 * Where the top card `cardId` is first drawn: back from the side it flew out to when an undo
 * returns it, else up from behind; in place when its motion is not there yet to move it (the
 * first screen draws the card before the motion's code has loaded).
 */
export function firstPose(cardId: string, returning: ReturningCard | null, withMotion: boolean): CardMotionPose {
  if (!withMotion) return REST_POSE;
  if (returning?.id === cardId) return { ...offscreenPose(returning.action, REST_POSE), scale: 1 };
  return BEHIND_POSE;
}

export const poseTransform = ({ x, y, rot, scale }: CardMotionPose): string => `translate3d(${x}px, ${y}px, 0) rotate(${rot}deg) scale(${scale})`;
