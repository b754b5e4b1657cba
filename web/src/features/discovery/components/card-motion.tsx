import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { useGesture } from '@use-gesture/react';
import styled from 'styled-components';
import { Limits, type CandidateView } from '@aero/contracts/shared';
import type { SwipeAction } from '../lib/deck';
import type { DistanceUnit } from '../lib/distance';
import { cardRotation, LONG_PRESS_SLOP_PX, stampOpacity, swipeDecision, type GestureConfig } from '../lib/swipe-gesture';
import { type CardMotionPose, type CardPose, type LeavingCard, offscreenPose, poseTransform, REST_POSE } from '../lib/card-pose';
import { type Glide, Glides, type MotionStyle, moveTo } from '../lib/motion';
import { useLongPress } from '../hooks/use-long-press';
import { CardFace } from './card-face';
import { cardStyle } from './card-styles';

// The stack's motion (@use-gesture, and the Web Animations API through lib/motion): a chunk of its
// own, which the card stack loads once the first screen has settled (or at the first touch), so
// that the first card is drawn without waiting for it.

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

/** where an element is drawn now, its move under way included */
function drawnPose(el: HTMLElement): CardPose {
  const m = new DOMMatrix(getComputedStyle(el).transform);
  return { x: m.m41, y: m.m42, rot: (Math.atan2(m.m12, m.m11) * 180) / Math.PI };
}

const fromControl = (event: Event) => event.target instanceof Element && !!event.target.closest('button');

/**
 * The top card's motion: drag right to like, left to pass, with the card following the finger,
 * turning up to the device's maximum and springing back below the thresholds. A double tap within
 * 300 ms likes; a single tap opens the photo viewer; holding 500 ms opens the zoom overlay. It
 * draws nothing itself: it moves the card's element and its stamps, and marks the card draggable.
 */
export function CardMotion({ card, initial, target, likeStamp, passStamp, gesture, onDecide, onTap, onLongPress, onAttached }: CardMotionProps) {
  const move = useCallback(
    (to: CardMotionPose, glide?: Glide) => {
      const stamps = stampOpacity(to.x, gesture);
      const moves: [HTMLElement | null, MotionStyle][] = [
        [target.current, { transform: poseTransform(to) }],
        [likeStamp.current, { opacity: String(stamps.like) }],
        [passStamp.current, { opacity: String(stamps.pass) }],
      ];
      for (const [el, style] of moves) if (el) void moveTo(el, style, glide);
    },
    [gesture, target, likeStamp, passStamp],
  );
  const rest = () => move(REST_POSE, Glides.settle);
  const tapState = useRef<{ timer?: number; lastTap: number }>({ lastTap: 0 });
  const longPress = useLongPress(() => {
    rest();
    onLongPress(card);
  });

  // the card comes to rest from where it was drawn (behind the top one, or out where an undo brings
  // it back from), once
  const arrival = useRef<CardMotionPose | null>(initial);
  useEffect(() => {
    if (!arrival.current) return;
    move(arrival.current);
    move(REST_POSE, Glides.settle);
    arrival.current = null;
  }, [move]);

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
      // from where it is drawn (it may be springing back)
      onDecide(card, 'like', target.current ? drawnPose(target.current) : REST_POSE);
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
          move({ x: mx, y: my, rot: cardRotation(mx, width, gesture), scale: 1 });
          return;
        }
        if (!last) return;
        const decision = swipeDecision(mx, vx * dx, gesture);
        if (decision) onDecide(card, decision === 'right' ? 'like' : 'pass', { x: mx, y: my, rot: cardRotation(mx, width, gesture) });
        else rest();
      },
    },
    { target, drag: { filterTaps: true } },
  );
  return null;
}

const StyledLeaving = styled.div`
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
  const ref = useRef<HTMLDivElement>(null);
  const gone = useRef(onGone);
  useEffect(() => {
    gone.current = onGone;
  });
  useEffect(() => {
    if (ref.current) void moveTo(ref.current, { transform: poseTransform({ ...offscreenPose(leaving.action, leaving.from), scale: 1 }) }, Glides.fly).then(() => gone.current(leaving.key));
  }, [leaving]);
  return (
    <StyledLeaving ref={ref} aria-hidden="true" data-leaving="" style={{ transform: poseTransform({ ...leaving.from, scale: 1 }) }}>
      <CardFace card={leaving.card} distanceUnit={distanceUnit} interactive={false} />
    </StyledLeaving>
  );
}
