import { type ComponentType, lazy, useState } from 'react';

/** A chunk of screens: loads like `import()` and tells whether it has loaded. */
export interface ScreenChunk<M> {
  (): Promise<M>;
  loaded(): M | undefined;
}

/** `load` (which gives the same module each time, as `import()` does) as a chunk of screens. */
export function screenChunk<M>(load: () => Promise<M>): ScreenChunk<M> {
  let module: M | undefined;
  return Object.assign(() => load().then((m) => (module = m)), { loaded: () => module });
}

/**
 * A screen of a chunk, as React.lazy gives it, except that once the chunk has loaded (the
 * address's chunk starts loading at start-up) it renders at once. React.lazy suspends on its first
 * render even when the module is there: the first screen would show the loading fallback first,
 * then come when React reveals the boundary, which it holds back for up to 300 ms. A mounted
 * screen keeps the component it started with.
 */
export function lazyScreen<M>(chunk: ScreenChunk<M>, pick: (m: M) => ComponentType): ComponentType {
  const Lazy = lazy(() => chunk().then((m) => ({ default: pick(m) })));
  return function Screen() {
    const [Component] = useState<ComponentType>(() => {
      const loaded = chunk.loaded();
      return loaded ? pick(loaded) : Lazy;
    });
    return <Component />;
  };
}
