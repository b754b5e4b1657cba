import { useCallback, useLayoutEffect, useRef } from 'react';
import { useGesture } from '@use-gesture/react';
import styled from 'styled-components';
import { Limits } from '@aero/contracts/shared';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components';
import { useT } from '../../../i18n';
import { useElementWidth } from '../hooks/use-element-width';
import { useLongPress } from '../hooks/use-long-press';
import { type Glide, Glides, moveTo } from '../lib/motion';
import { galleryStep, LONG_PRESS_SLOP_PX } from '../lib/swipe-gesture';
import { theme } from '../../../theme';

const StyledGallery = styled.div<{ $fit: 'cover' | 'contain' }>`
  position: relative;
  width: 100%;
  height: 100%;
  overflow: hidden;
  touch-action: pan-y;
  user-select: none;
  -webkit-user-select: none;
  -webkit-touch-callout: none;
  .track { display: flex; height: 100%; will-change: transform; }
  .slide { flex: none; width: 100%; height: 100%; display: grid; place-items: center; }
  img { width: 100%; height: 100%; object-fit: ${({ $fit }) => $fit}; pointer-events: none; display: block; }
`;

const StyledArrow = styled.button.attrs({ type: 'button' })<{ $side: 'left' | 'right' }>`
  position: absolute;
  top: 50%;
  ${({ $side }) => $side}: ${theme.space.sm};
  transform: translateY(-50%);
  width: ${theme.touchTarget};
  height: ${theme.touchTarget};
  display: grid;
  place-items: center;
  border: none;
  border-radius: 50%;
  background: ${theme.colors.photoControl};
  color: ${theme.colors.onHero};
  cursor: pointer;
  &:disabled { opacity: 0; pointer-events: none; }
`;

const StyledDots = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  bottom: ${theme.space.md};
  display: flex;
  justify-content: center;
  gap: 6px;
  pointer-events: none;
  /* a light ring round the dark dots and a dark one round the light (active) dot: both read on any photo */
  span { width: 7px; height: 7px; border-radius: 50%; background: ${theme.colors.photoControl}; box-shadow: 0 0 0 1px ${theme.colors.onHero}, ${theme.shadow.thumb}; }
  span[data-active='true'] { background: ${theme.colors.onHero}; box-shadow: 0 0 0 1px ${theme.colors.photoControl}, ${theme.shadow.thumb}; }
`;

export interface PhotoGalleryProps {
  photos: string[];
  /** the accessible name of photo n (1-based) */
  altOf: (n: number, total: number) => string;
  index: number;
  onIndexChange: (index: number) => void;
  fit?: 'cover' | 'contain';
  onTap?: () => void;
  onLongPress?: (index: number) => void;
}

/** Photos side by side: a swipe past 50 px (spec §9) or the arrows move one photo on or back. */
export function PhotoGallery({ photos, altOf, index, onIndexChange, fit = 'cover', onTap, onLongPress }: PhotoGalleryProps) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const width = useElementWidth(ref);
  const slideTo = useCallback((x: number, glide?: Glide) => {
    if (track.current) void moveTo(track.current, { transform: `translate3d(${x}px, 0, 0)` }, glide);
  }, []);
  const longPress = useLongPress(() => onLongPress?.(index));

  // a new photo slides in; a new width (first layout, rotation) just moves the track
  const shownIndex = useRef(index);
  // (before the first paint: a viewer opened on the third photo does not show the first one first)
  useLayoutEffect(() => {
    slideTo(-index * width, shownIndex.current === index ? undefined : Glides.slide);
    shownIndex.current = index;
  }, [index, width, slideTo]);

  const go = (next: number) => onIndexChange(Math.max(0, Math.min(photos.length - 1, next)));

  const bind = useGesture(
    {
      onPointerDown: ({ event }) => {
        if (onLongPress && !(event.target instanceof Element && event.target.closest('button'))) longPress.start();
      },
      onPointerUp: longPress.cancel,
      onPointerCancel: longPress.cancel,
      onDrag: ({ active, last, tap, movement: [mx, my], event }) => {
        if (Math.abs(mx) > LONG_PRESS_SLOP_PX || Math.abs(my) > LONG_PRESS_SLOP_PX) longPress.cancel();
        if (longPress.fired()) return;
        if (tap) {
          if (!(event.target instanceof Element && event.target.closest('button'))) onTap?.();
          return;
        }
        if (active) {
          // the first and last photo resist being pulled past the end
          const edge = (index === 0 && mx > 0) || (index === photos.length - 1 && mx < 0);
          slideTo(-index * width + (edge ? mx / 4 : mx));
          return;
        }
        if (!last) return;
        const step = galleryStep(mx, Limits.gallerySwipePx);
        const next = Math.max(0, Math.min(photos.length - 1, index + step));
        if (next !== index) onIndexChange(next);
        else slideTo(-index * width, Glides.slide);
      },
    },
    { drag: { axis: 'x', filterTaps: true } },
  );

  return (
    <StyledGallery ref={ref} $fit={fit} {...bind()}>
      <div className="track" ref={track}>
        {photos.map((url, i) => (
          <div className="slide" key={url} aria-hidden={i !== index}>
            <img src={url} alt={altOf(i + 1, photos.length)} draggable={false} />
          </div>
        ))}
      </div>
      {photos.length > 1 && (
        <>
          <StyledArrow $side="left" aria-label={t('discovery.viewer.previous')} disabled={index === 0} onClick={() => go(index - 1)}>
            <ChevronLeftIcon />
          </StyledArrow>
          <StyledArrow $side="right" aria-label={t('discovery.viewer.next')} disabled={index === photos.length - 1} onClick={() => go(index + 1)}>
            <ChevronRightIcon />
          </StyledArrow>
          <StyledDots aria-hidden="true">
            {photos.map((url, i) => (
              <span key={url} data-active={i === index} />
            ))}
          </StyledDots>
        </>
      )}
    </StyledGallery>
  );
}
