// The discovery screens' motion, on the browser's own Web Animations API: a card springing back
// or flying off, a photo sliding in. Members who ask for less motion (prefers-reduced-motion) see
// every move end at once: the outcome is the same.

/** how long a move takes and how it eases */
export interface Glide {
  duration: number;
  easing: string;
}

export const Glides = {
  /** a card coming to rest (springing back, coming up from behind): a slight overshoot */
  settle: { duration: 420, easing: 'cubic-bezier(0.3, 1.25, 0.55, 1)' },
  /** a swiped card flying off the stack */
  fly: { duration: 450, easing: 'cubic-bezier(0.25, 0.6, 0.4, 1)' },
  /** a photo sliding in beside the last */
  slide: { duration: 320, easing: 'cubic-bezier(0.25, 0.8, 0.4, 1)' },
} satisfies Record<string, Glide>;

/** the styles a move ends on */
export type MotionStyle = Partial<Record<'transform' | 'opacity', string>>;

const moving = new WeakMap<HTMLElement, { animation: Animation; to: MotionStyle }>();

export const prefersReducedMotion = (): boolean => typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** Ends the element's move where it has got to (a finger caught the card mid-flight). */
function stopMotion(el: HTMLElement): void {
  const move = moving.get(el);
  if (!move) return;
  moving.delete(el);
  try {
    move.animation.commitStyles();
  } catch {
    // an element not drawn has no style to keep: it stands where it was headed
    Object.assign(el.style, move.to);
  }
  move.animation.cancel();
}

/**
 * Moves the element from where it stands to `style` (at once without `glide`, or when the member
 * asks for less motion). Resolves when it arrives; a move another one replaces never resolves.
 */
export function moveTo(el: HTMLElement, style: MotionStyle, glide?: Glide): Promise<void> {
  stopMotion(el);
  if (!glide || prefersReducedMotion() || typeof el.animate !== 'function') {
    Object.assign(el.style, style);
    return Promise.resolve();
  }
  // one keyframe: the browser starts from the element's current style
  const animation = el.animate([style], { duration: glide.duration, easing: glide.easing, fill: 'forwards' });
  moving.set(el, { animation, to: style });
  return new Promise((resolve) => {
    animation.finished.then(
      () => {
        if (moving.get(el)?.animation !== animation) return;
        moving.delete(el);
        Object.assign(el.style, style);
        animation.cancel();
        resolve();
      },
      () => undefined,
    );
  });
}
