import { useEffect, useState, type RefObject } from 'react';

/** The element's width in px, kept current through a ResizeObserver. */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback = 360): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.offsetWidth || fallback);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.offsetWidth || fallback));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, fallback]);
  return width;
}
