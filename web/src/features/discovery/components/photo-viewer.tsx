import { useRef, useState } from 'react';
import { useDrag } from '@use-gesture/react';
import styled from 'styled-components';
import { useT } from '../../../i18n';
import { PhotoGallery } from './photo-gallery';
import { PhotoLayer } from './sheet';

/** The full-screen photo viewer (spec §2): every photo, swipe or arrows to move, hold to zoom. */
export function PhotoViewer({
  name,
  photos,
  startAt = 0,
  onClose,
  onZoom,
}: {
  name: string;
  photos: string[];
  startAt?: number;
  onClose: () => void;
  onZoom: (url: string) => void;
}) {
  const t = useT();
  const [index, setIndex] = useState(startAt);
  return (
    <PhotoLayer
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('discovery.viewer.title', { name })}
      closeLabel={t('discovery.viewer.close')}
      badge={photos.length > 1 ? <span className="count">{t('discovery.viewer.counter', { n: index + 1, total: photos.length })}</span> : null}
    >
      <PhotoGallery
        photos={photos}
        fit="contain"
        index={index}
        onIndexChange={setIndex}
        altOf={(n, total) => t('discovery.photo.alt', { name, n, total })}
        onLongPress={(i) => onZoom(photos[i])}
      />
    </PhotoLayer>
  );
}

const StyledZoom = styled.div`
  width: 100%;
  height: 100%;
  overflow: hidden;
  touch-action: none;
  display: grid;
  place-items: center;
  cursor: grab;
  img { width: 100%; height: 100%; object-fit: contain; pointer-events: none; user-select: none; }
`;

/** how much the zoom overlay magnifies */
export const ZOOM_SCALE = 2.2;

const zoomTransform = (x: number, y: number) => `translate3d(${x}px, ${y}px, 0) scale(${ZOOM_SCALE})`;

/** The zoom overlay (spec §2, a 500 ms hold on a photo): the photo magnified; drag to look around. */
export function ZoomOverlay({ name, url, onClose }: { name: string; url: string; onClose: () => void }) {
  const t = useT();
  const photo = useRef<HTMLImageElement>(null);
  const offset = useRef<[number, number]>([0, 0]);
  const bind = useDrag(
    ({ offset: [ox, oy], tap }) => {
      if (tap || !photo.current) return;
      offset.current = [ox, oy];
      photo.current.style.transform = zoomTransform(ox, oy);
    },
    {
      from: () => offset.current,
      filterTaps: true,
      bounds: () => {
        const w = window.innerWidth * (ZOOM_SCALE - 1) * 0.5;
        const h = window.innerHeight * (ZOOM_SCALE - 1) * 0.5;
        return { left: -w, right: w, top: -h, bottom: h };
      },
      rubberband: true,
    },
  );
  return (
    <PhotoLayer open onOpenChange={(open) => !open && onClose()} title={t('discovery.zoom.title', { name })} closeLabel={t('discovery.viewer.close')}>
      <StyledZoom {...bind()}>
        <img ref={photo} src={url} alt={t('discovery.zoom.alt', { name })} draggable={false} style={{ transform: zoomTransform(0, 0) }} />
      </StyledZoom>
    </PhotoLayer>
  );
}
