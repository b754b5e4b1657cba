import { useEffect, useRef } from 'react';
import { animated, Globals, to, useSpring, type SpringValue } from '@react-spring/web';
import { useGesture } from '@use-gesture/react';
import styled from 'styled-components';
import { Limits, type CandidateView } from '@aero/contracts/shared';
import { useT } from '../../../i18n';
import type { SwipeAction } from '../lib/deck';
import type { DistanceUnit } from '../lib/distance';
import { cardRotation, swipeDecision, type GestureConfig } from '../lib/swipe-gesture';
import { nameOf } from '../lib/candidate';
import { useText } from '../hooks/use-text';
import { LONG_PRESS_SLOP_PX, useLongPress } from '../hooks/use-long-press';
import { CardFace } from './card-face';
import { theme } from '../../../theme';

// Members who ask for less motion see cards move without animation (the outcome is the same).
if (typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) Globals.assign({ skipAnimation: true });

/** Where a card stands when it leaves (or comes back on undo). */
export interface CardPose {
  x: number;
  y: number;
  rot: number;
}

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

const StyledStack = styled.section`
  position: relative;
  flex: 1;
  min-height: 0;
  width: 100%;
`;

const StyledCard = styled(animated.div)`
  position: absolute;
  inset: 0;
  touch-action: none;
  will-change: transform;
  cursor: grab;
  &:active { cursor: grabbing; }
  &:focus-visible { outline: 3px solid ${theme.colors.focus}; outline-offset: 4px; border-radius: ${theme.radius.xl}; }
`;

const StyledBehind = styled.div`
  position: absolute;
  inset: 0;
  transform: scale(0.95) translateY(14px);
  opacity: 0.9;
  pointer-events: none;
`;

const StyledStamp = styled(animated.span)<{ $tone: 'like' | 'pass' }>`
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
  pointer-events: none;
`;

const offscreen = (action: SwipeAction, from: CardPose): CardPose => {
  const width = typeof window === 'undefined' ? 800 : window.innerWidth;
  const height = typeof window === 'undefined' ? 900 : window.innerHeight;
  if (action === 'super_like') return { x: from.x, y: -height - 200, rot: from.rot };
  const dir = action === 'like' ? 1 : -1;
  return { x: dir * (width + 240), y: from.y + 60, rot: dir * 24 };
};

const transform = (x: SpringValue<number>, y: SpringValue<number>, rot: SpringValue<number>, scale: SpringValue<number>) =>
  to([x, y, rot, scale], (xv, yv, r, s) => `translate3d(${xv}px, ${yv}px, 0) rotate(${r}deg) scale(${s})`);

/** A swiped card flying off the stack (the next card is already on top and usable). */
function LeavingCardView({ leaving, distanceUnit, onGone }: { leaving: LeavingCard; distanceUnit: DistanceUnit; onGone: (key: number) => void }) {
  const target = offscreen(leaving.action, leaving.from);
  const style = useSpring({ from: { ...leaving.from, scale: 1 }, to: { ...target, scale: 1 }, config: { tension: 210, friction: 28 }, onRest: () => onGone(leaving.key) });
  return (
    <StyledCard aria-hidden="true" style={{ transform: transform(style.x, style.y, style.rot, style.scale), pointerEvents: 'none' }}>
      <CardFace card={leaving.card} distanceUnit={distanceUnit} interactive={false} />
    </StyledCard>
  );
}

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

const fromControl = (event: Event) => event.target instanceof Element && !!event.target.closest('button');

/**
 * The top card: drag right to like, left to pass (@use-gesture), with the card following the
 * finger, turning up to the device's maximum and springing back below the thresholds
 * (@react-spring). A double tap within 300 ms likes; a single tap opens the photo viewer; holding
 * 500 ms opens the zoom overlay.
 */
function TopCard({ card, gesture, distanceUnit, returning, onDecide, onTap, onLongPress, onInfo }: TopCardProps) {
  const t = useT();
  const show = useText();
  const ref = useRef<HTMLDivElement>(null);
  const start = returning?.id === card.id ? { ...offscreen(returning.action, { x: 0, y: 0, rot: 0 }), scale: 1 } : { x: 0, y: 14, rot: 0, scale: 0.95 };
  const [{ x, y, rot, scale }, api] = useSpring(() => ({ from: start, to: { x: 0, y: 0, rot: 0, scale: 1 }, config: { tension: 260, friction: 26 } }));
  const tapState = useRef<{ timer?: number; lastTap: number }>({ lastTap: 0 });
  const longPress = useLongPress(() => {
    api.start({ x: 0, y: 0, rot: 0 });
    onLongPress(card);
  });

  useEffect(() => {
    const state = tapState.current;
    return () => window.clearTimeout(state.timer);
  }, []);

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

  const bind = useGesture(
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
        const width = ref.current?.offsetWidth ?? 360;
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
    { drag: { filterTaps: true } },
  );

  const name = show(nameOf(card));
  return (
    <StyledCard
      ref={ref}
      {...bind()}
      role="group"
      aria-roledescription={t('discovery.card.role')}
      aria-describedby="swipe-hint"
      aria-label={card.age != null ? t('discovery.card.label', { name, age: card.age }) : name}
      data-card-id={card.id}
      style={{ transform: transform(x, y, rot, scale) }}
    >
      <CardFace card={card} distanceUnit={distanceUnit} onInfo={() => onInfo(card)} />
      <StyledStamp $tone="like" aria-hidden="true" style={{ opacity: x.to((v) => Math.max(0, Math.min(1, v / gesture.distancePx))) }}>
        {t('discovery.stamp.like')}
      </StyledStamp>
      <StyledStamp $tone="pass" aria-hidden="true" style={{ opacity: x.to((v) => Math.max(0, Math.min(1, -v / gesture.distancePx))) }}>
        {t('discovery.stamp.pass')}
      </StyledStamp>
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
  return (
    <StyledStack aria-label={label}>
      {second && (
        <StyledBehind aria-hidden="true" key={`behind-${second.id}`}>
          <CardFace card={second} distanceUnit={top.distanceUnit} interactive={false} />
        </StyledBehind>
      )}
      {first && <TopCard key={first.id} card={first} {...top} />}
      {leaving.map((l) => (
        <LeavingCardView key={l.key} leaving={l} distanceUnit={top.distanceUnit} onGone={onGone} />
      ))}
    </StyledStack>
  );
}
