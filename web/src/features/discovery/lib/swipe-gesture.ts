import { SWIPE_GESTURES, type DeviceClass } from '@aero/contracts/shared';

export type SwipeDirection = 'left' | 'right';
export type GestureConfig = (typeof SWIPE_GESTURES)[DeviceClass];

/** Phones below 768 px, tablets below 1024 px, wider screens are desktops. */
export function deviceClass(viewportWidth: number): DeviceClass {
  if (viewportWidth < 768) return 'mobile';
  if (viewportWidth < 1024) return 'tablet';
  return 'desktop';
}

export const gestureFor = (viewportWidth: number): GestureConfig => SWIPE_GESTURES[deviceClass(viewportWidth)];

/** a flick must still move the card a little, so a shaky tap never swipes */
export const FLICK_MIN_PX = 24;

/**
 * What a released drag decides (spec §4/§9): right is like, left is pass, when the card moved
 * past the device's distance threshold, or was flicked faster than its velocity (px/ms, signed)
 * in the direction it moved. Otherwise the card springs back (null).
 */
export function swipeDecision(movementX: number, velocityX: number, config: GestureConfig): SwipeDirection | null {
  const distance = Math.abs(movementX);
  const flick = Math.abs(velocityX) >= config.velocity && distance >= FLICK_MIN_PX && Math.sign(velocityX) === Math.sign(movementX);
  if (distance >= config.distancePx || flick) return movementX > 0 ? 'right' : 'left';
  return null;
}

/** The card's rotation while dragged: proportional to the drag, at most the device's maximum. */
export function cardRotation(movementX: number, cardWidth: number, config: GestureConfig): number {
  if (cardWidth <= 0) return 0;
  const turn = (movementX / cardWidth) * config.maxRotationDeg * 1.5;
  return Math.max(-config.maxRotationDeg, Math.min(config.maxRotationDeg, turn));
}

/** How strongly the like/pass stamp shows (0 to 1) while the card is dragged. */
export function stampOpacity(movementX: number, config: GestureConfig): { like: number; pass: number } {
  const ratio = Math.min(1, Math.abs(movementX) / config.distancePx);
  return movementX > 0 ? { like: ratio, pass: 0 } : { like: 0, pass: ratio };
}

/** The photo gallery (spec §9): past 50 px one photo on, else it stays. */
export function galleryStep(movementX: number, thresholdPx: number): -1 | 0 | 1 {
  if (movementX <= -thresholdPx) return 1;
  if (movementX >= thresholdPx) return -1;
  return 0;
}

/** a finger that moves further than this is dragging, not holding (the long press) */
export const LONG_PRESS_SLOP_PX = 8;
