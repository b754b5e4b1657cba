import { type ComponentType, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { type CandidateView, Limits } from '@aero/contracts/shared';
import { useT, useText } from '../../../i18n';
import { useFirstScreenSettled } from '../../../lib/use-first-screen-settled';
import type { SwipeAction } from '../lib/deck';
import type { DistanceUnit } from '../lib/distance';
import { type GestureConfig, LONG_PRESS_SLOP_PX, swipeDecision } from '../lib/swipe-gesture';
import { BEHIND_POSE, type CardPose, firstPose, type LeavingCard, poseTransform, type ReturningCard } from '../lib/card-pose';
import { nameOf } from '../lib/candidate';
import { CardFace } from './card-face';
import type { CardMotionProps, LeavingCardProps } from './card-motion';
import { cardStyle } from './card-styles';
import { theme } from '../../../theme';

// The motion (gestures and animations, ~14 KB gzip) is a chunk of its own: the first card is drawn
// without it, and it arrives once the first screen has settled, or after the member's first touch
// of the card. It attaches only between presses: attached during one, it would take the release
// for the end of a drag it never saw and swallow the click (say on the card's info button). When
// its chunk cannot be fetched (offline before the service worker has it), the cards stay still and
// the buttons still work.
let motionLoaded = false;
let motion: Promise<typeof import('./card-motion')> | undefined;
const loadMotion = () =>
  (motion ??= import('./card-motion').then((m) => {
    motionLoaded = true;
    return m;
  }));
const CardMotion = lazy<ComponentType<CardMotionProps>>(() => loadMotion().then((m) => ({ default: m.CardMotion }), () => ({ default: () => null })));
const LeavingCardView = lazy<ComponentType<LeavingCardProps>>(() => loadMotion().then((m) => ({ default: m.LeavingCardView }), () => ({ default: GoneAtOnce })));

/** a swiped card without its motion: gone at once */
function GoneAtOnce({ leaving, onGone }: LeavingCardProps) {
  useEffect(() => onGone(leaving.key), [leaving.key, onGone]);
  return null;
}

const StyledStack = styled.section`
  position: relative;
  flex: 1;
  min-height: 0;
  width: 100%;
`;

const StyledCard = styled.div`
  ${cardStyle}
`;

const StyledBehind = styled.div`
  position: absolute;
  inset: 0;
  /* where the next top card comes up from */
  transform: ${poseTransform(BEHIND_POSE)};
  opacity: 0.9;
  pointer-events: none;
`;

const StyledStamp = styled.span<{ $tone: 'like' | 'pass' }>`
  position: absolute;
  top: 48px;
  ${({ $tone }) => ($tone === 'like' ? 'left: 24px; transform: rotate(-14deg);' : 'right: 24px; transform: rotate(14deg);')}
  padding: 4px 14px;
  border: 4px solid ${({ $tone }) => ($tone === 'like' ? theme.colors.swipeLike : theme.colors.swipePass)};
  border-radius: ${theme.radius.md};
  color: ${({ $tone }) => ($tone === 'like' ? theme.colors.swipeLike : theme.colors.swipePass)};
  background: ${theme.colors.photoControl};
  font-size: ${theme.font.size.xxl};
  font-weight: ${theme.font.weight.bold};
  letter-spacing: 0.08em;
  opacity: 0;
  pointer-events: none;
`;

interface TopCardProps {
  card: CandidateView;
  gesture: GestureConfig;
  distanceUnit: DistanceUnit;
  returning: ReturningCard | null;
  onDecide: (card: CandidateView, action: SwipeAction, from: CardPose) => void;
  onTap: (card: CandidateView) => void;
  onLongPress: (card: CandidateView) => void;
  onInfo: (card: CandidateView) => void;
}

/**
 * The top card: drawn here, moved by its motion (card-motion.tsx) once `moving`, loaded and no
 * press is under way. The element stays the same when the motion arrives, so the photo on it is
 * not drawn twice.
 */
function TopCard({ card, distanceUnit, returning, onInfo, moving, onTouched, ...motionProps }: TopCardProps & { moving: boolean; onTouched: () => void }) {
  const t = useT();
  const show = useText();
  const ref = useRef<HTMLDivElement>(null);
  const likeStamp = useRef<HTMLSpanElement>(null);
  const passStamp = useRef<HTMLSpanElement>(null);
  const [initial] = useState(() => firstPose(card.id, returning, motionLoaded && moving));
  const [pressed, setPressed] = useState(false);
  const pressedAt = useRef<{ x: number; y: number; id: number; at: number; movedAt?: number } | null>(null);
  const [attached, setAttached] = useState(false);
  const onAttached = useCallback(() => setAttached(true), []);
  const { gesture, onDecide } = motionProps;
  // a press on the card before its motion is attached: the motion waits for its end (wherever the
  // pointer is released), after the click it makes; a drag past the swipe distance still swipes
  // (the card did not follow the finger, but a member's first drag right after the deck appears
  // is not lost)
  useEffect(() => {
    if (!pressed) return;
    const release = (event: PointerEvent) => {
      const from = pressedAt.current;
      // another finger's release is not this press's end
      if (from && event.pointerId !== from.id) return;
      pressedAt.current = null;
      // a long press (held still for its time: the zoom, once the motion is in) is no swipe either
      const swiping = from && event.type === 'pointerup' && from.movedAt !== undefined && from.movedAt - from.at < Limits.longPressMs;
      const [mx, my] = swiping ? [event.clientX - from.x, event.clientY - from.y] : [0, 0];
      const decision = swipeDecision(mx, 0, gesture);
      if (decision) onDecide(card, decision === 'right' ? 'like' : 'pass', { x: mx, y: my, rot: 0 });
      window.setTimeout(() => {
        setPressed(false);
        onTouched();
      });
    };
    // when the press became a drag (it left the long press's slop)
    const move = (event: PointerEvent) => {
      const from = pressedAt.current;
      if (!from || event.pointerId !== from.id || from.movedAt !== undefined) return;
      if (Math.abs(event.clientX - from.x) > LONG_PRESS_SLOP_PX || Math.abs(event.clientY - from.y) > LONG_PRESS_SLOP_PX) from.movedAt = performance.now();
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
    };
  }, [pressed, onTouched, gesture, onDecide, card]);
  const info = useCallback(() => onInfo(card), [onInfo, card]);
  const name = show(nameOf(card));
  return (
    <StyledCard
      ref={ref}
      role="group"
      aria-roledescription={t('discovery.card.role')}
      aria-describedby="swipe-hint"
      aria-label={card.age != null ? t('discovery.card.label', { name, age: card.age }) : name}
      data-card-id={card.id}
      style={{ transform: poseTransform(initial) }}
      onPointerDown={
        attached
          ? undefined
          : (event) => {
              pressedAt.current = { x: event.clientX, y: event.clientY, id: event.pointerId, at: performance.now() };
              setPressed(true);
              void loadMotion().catch(() => undefined);
            }
      }
    >
      <CardFace card={card} distanceUnit={distanceUnit} onInfo={info} />
      <StyledStamp ref={likeStamp} $tone="like" aria-hidden="true">
        {t('discovery.stamp.like')}
      </StyledStamp>
      <StyledStamp ref={passStamp} $tone="pass" aria-hidden="true">
        {t('discovery.stamp.pass')}
      </StyledStamp>
      {(attached || (moving && !pressed)) && (
        <Suspense fallback={null}>
          <CardMotion card={card} initial={initial} target={ref} likeStamp={likeStamp} passStamp={passStamp} onAttached={onAttached} {...motionProps} />
        </Suspense>
      )}
    </StyledCard>
  );
}

export interface CardStackProps extends Omit<TopCardProps, 'card'> {
  cards: CandidateView[];
  leaving: LeavingCard[];
  onGone: (key: number) => void;
  label: string;
}

/** The card stack: the next card waits behind the top one; swiped cards fly off above both. */
export function CardStack({ cards, leaving, onGone, label, ...top }: CardStackProps) {
  const [first, second] = cards;
  const settled = useFirstScreenSettled();
  const [touched, setTouched] = useState(false);
  const onTouched = useCallback(() => setTouched(true), []);
  return (
    <StyledStack aria-label={label}>
      {second && (
        <StyledBehind aria-hidden="true" key={`behind-${second.id}`}>
          <CardFace card={second} distanceUnit={top.distanceUnit} interactive={false} />
        </StyledBehind>
      )}
      {first && <TopCard key={first.id} card={first} moving={settled || touched} onTouched={onTouched} {...top} />}
      {leaving.length > 0 && (
        <Suspense fallback={null}>
          {leaving.map((l) => (
            <LeavingCardView key={l.key} leaving={l} distanceUnit={top.distanceUnit} onGone={onGone} />
          ))}
        </Suspense>
      )}
    </StyledStack>
  );
}
