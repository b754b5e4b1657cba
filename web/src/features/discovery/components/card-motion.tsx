import { useEffect, useRef, type RefObject } from 'react';
import { animated, to, useSpring } from '@react-spring/web';
import { useGesture } from '@use-gesture/react';
import styled from 'styled-components';
import { Limits, type CandidateView } from '@aero/contracts/shared';
import type { SwipeAction } from '../lib/deck';
import type { DistanceUnit } from '../lib/distance';
import { cardRotation, LONG_PRESS_SLOP_PX, stampOpacity, swipeDecision, type GestureConfig } from '../lib/swipe-gesture';
import { type CardMotionPose, type CardPose, type LeavingCard, offscreenPose, poseTransform, REST_POSE } from '../lib/card-pose';
import '../lib/reduced-motion';
import { useLongPress } from '../hooks/use-long-press';
import { CardFace } from './card-face';
import { cardStyle } from './card-styles';

// The stack's motion (@use-gesture, @react-spring): a chunk of its own, which the card stack loads
// once the first screen has settled (or at the first touch), so that the first card is drawn
// without waiting for these libraries.

export interface CardMotionProps {
  card: CandidateView;
  /** where the card was drawn (card-pose.ts firstPose): the motion starts there and comes to rest */
  initial: CardMotionPose;
  /** the card, drawn by the stack: the motion moves it and listens to it */
  target: RefObject<HTMLDivElement | null>;
  likeStamp: RefObject<HTMLSpanElement | null>;
  passStamp: RefObject<HTMLSpanElement | null>;
  gesture: GestureConfig;
  onDecide: (card: CandidateView, action: SwipeAction, from: CardPose) => void;
  onTap: (card: CandidateView) => void;
  onLongPress: (card: CandidateView) => void;
  /** once the card listens to the motion (from then on it stays) */
  onAttached: () => void;
}

const fromControl = (event: Event) => event.target instanceof Element && !!event.target.closest('button');

/**
 * The top card's motion: drag right to like, left to pass, with the card following the finger,
 * turning up to the device's maximum and springing back below the thresholds. A double tap within
 * 300 ms likes; a single tap opens the photo viewer; holding 500 ms opens the zoom overlay. It
 * draws nothing itself: it moves the card's element and its stamps, and marks the card draggable.
 */
export function CardMotion({ card, initial, target, likeStamp, passStamp, gesture, onDecide, onTap, onLongPress, onAttached }: CardMotionProps) {
  const paint = (pose: CardMotionPose) => {
    if (target.current) target.current.style.transform = poseTransform(pose);
    const stamps = stampOpacity(pose.x, gesture);
    if (likeStamp.current) likeStamp.current.style.opacity = String(stamps.like);
    if (passStamp.current) passStamp.current.style.opacity = String(stamps.pass);
  };
  const [{ x, y, rot }, api] = useSpring(() => ({ from: initial, to: REST_POSE, config: { tension: 260, friction: 26 }, onChange: ({ value }) => paint(value as CardMotionPose) }));
  const tapState = useRef<{ timer?: number; lastTap: number }>({ lastTap: 0 });
  const longPress = useLongPress(() => {
    api.start({ x: 0, y: 0, rot: 0 });
    onLongPress(card);
  });

  useEffect(() => {
    const el = target.current;
    el?.setAttribute('data-draggable', '');
    onAttached();
    const state = tapState.current;
    return () => {
      el?.removeAttribute('data-draggable');
      window.clearTimeout(state.timer);
    };
  }, [target, onAttached]);

  const handleTap = () => {
    const now = performance.now();
    const state = tapState.current;
    if (now - state.lastTap < Limits.doubleTapMs) {
      window.clearTimeout(state.timer);
      state.lastTap = 0;
      onDecide(card, 'like', { x: x.get(), y: y.get(), rot: rot.get() });
      return;
    }
    state.lastTap = now;
    state.timer = window.setTimeout(() => onTap(card), Limits.doubleTapMs);
  };

  useGesture(
    {
      onPointerDown: ({ event }) => {
        if (!fromControl(event)) longPress.start();
      },
      onPointerUp: longPress.cancel,
      onPointerCancel: longPress.cancel,
      onDrag: ({ active, last, tap, movement: [mx, my], velocity: [vx], direction: [dx], event }) => {
        if (Math.abs(mx) > LONG_PRESS_SLOP_PX || Math.abs(my) > LONG_PRESS_SLOP_PX) longPress.cancel();
        if (longPress.fired()) return;
        if (tap) {
          if (!fromControl(event)) handleTap();
          return;
        }
        const width = target.current?.offsetWidth ?? 360;
        if (active) {
          api.start({ x: mx, y: my, rot: cardRotation(mx, width, gesture), immediate: true });
          return;
        }
        if (!last) return;
        const decision = swipeDecision(mx, vx * dx, gesture);
        if (decision) onDecide(card, decision === 'right' ? 'like' : 'pass', { x: mx, y: my, rot: cardRotation(mx, width, gesture) });
        else api.start({ x: 0, y: 0, rot: 0, immediate: false });
      },
    },
    { target, drag: { filterTaps: true } },
  );
  return null;
}

const StyledLeaving = styled(animated.div)`
  ${cardStyle}
  pointer-events: none;
`;

export interface LeavingCardProps {
  leaving: LeavingCard;
  distanceUnit: DistanceUnit;
  onGone: (key: number) => void;
}

/** A swiped card flying off the stack (the next card is already on top and usable). */
export function LeavingCardView({ leaving, distanceUnit, onGone }: LeavingCardProps) {
  const target = offscreenPose(leaving.action, leaving.from);
  const style = useSpring({ from: { ...leaving.from, scale: 1 }, to: { ...target, scale: 1 }, config: { tension: 210, friction: 28 }, onRest: () => onGone(leaving.key) });
  const transform = to([style.x, style.y, style.rot, style.scale], (x, y, rot, scale) => poseTransform({ x, y, rot, scale }));
  return (
    <StyledLeaving aria-hidden="true" style={{ transform }}>
      <CardFace card={leaving.card} distanceUnit={distanceUnit} interactive={false} />
    </StyledLeaving>
  );
}
