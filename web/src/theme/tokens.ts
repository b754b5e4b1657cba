// Design tokens: sky, navy and a sunset accent. Colours are only ever read from the theme.
export const palette = {
  navy900: '#06162d',
  navy800: '#0b2545',
  navy700: '#13315c',
  navy600: '#1d4273',
  navy500: '#2a5490',
  sky500: '#3a86ff',
  sky400: '#5fa8ff',
  sky100: '#e3f0ff',
  sky50: '#f2f8ff',
  sunset500: '#ff6b4a',
  sunset600: '#e8542f',
  sunset400: '#ff8a5c',
  sunset700: '#c9431c',
  sunset800: '#b03a18',
  gold400: '#ffb347',
  gold600: '#d98a00',
  violet600: '#7c3aed',
  violet400: '#a78bfa',
  white: '#ffffff',
  slate50: '#f6f8fb',
  slate200: '#dde3ec',
  slate400: '#8a97ab',
  slate500: '#647086',
  slate600: '#566278',
  slate700: '#37425a',
  green500: '#1fae6b',
  green600: '#13855a',
  red500: '#d93d3d',
  red400: '#f06262',
  red600: '#c62828',
} as const;

export const space = { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '32px', xxxl: '48px' } as const;

export const radius = { sm: '8px', md: '12px', lg: '18px', xl: '24px', pill: '999px' } as const;

export const font = {
  family: `'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`,
  size: { xs: '0.75rem', sm: '0.875rem', md: '1rem', lg: '1.125rem', xl: '1.375rem', xxl: '1.75rem', hero: '2.25rem' },
  weight: { regular: 400, medium: 500, semibold: 600, bold: 700 },
} as const;

/** Minimum touch target (WCAG 2.5.5). */
export const touchTarget = '44px';

/** `headerHeight`: a screen's header, a row of touch targets with its padding (the toasts stand below it) */
export const layout = { maxWidth: '480px', bottomNavHeight: '64px', headerHeight: `calc(${touchTarget} + 2 * ${space.md})` } as const;

/**
 * The one stacking scale: what lies above what, from a sticky footer to the toasts. A full-screen
 * photo layer covers the sheets it is opened from; toasts stay above everything.
 */
export const zIndex = {
  sticky: 5,
  dropdown: 20,
  nav: 30,
  floating: 40,
  loading: 50,
  overlay: 60,
  dialog: 61,
  photoOverlay: 70,
  photoLayer: 71,
  updateCard: 90,
  toast: 100,
} as const;

/** A window narrower than most phones (down to 320 px): rows of fixed-size controls shrink to fit. */
export const narrowWindow = '@media (max-width: 359px)';

/** A window too short for a screen to fit without scrolling: a phone on its side. */
export const shortWindow = '@media (max-height: 480px)';

/**
 * A short window wide enough for the bottom navigation to stand at its left edge beside the
 * screen's column (a phone on its side): the screens then keep the window's whole height.
 */
export const sideNavWindow = '@media (max-height: 480px) and (min-width: 640px)';

export interface ThemeColors {
  background: string;
  backgroundAlt: string;
  surface: string;
  surfaceRaised: string;
  /** a small label's pill (a notification's type) on any card, raised or not */
  tag: string;
  text: string;
  textMuted: string;
  border: string;
  primary: string;
  primaryHover: string;
  onPrimary: string;
  accent: string;
  accentHover: string;
  onAccent: string;
  focus: string;
  danger: string;
  onDanger: string;
  success: string;
  /** text on the success colour (the Online badge) */
  onSuccess: string;
  /** our own chat bubbles and the text on them */
  bubbleOwn: string;
  onBubbleOwn: string;
  navBackground: string;
  navActive: string;
  navInactive: string;
  heroGradient: string;
  overlay: string;
  /** text and icons on the hero gradient and on photos */
  onHero: string;
  /** the dark fade under captions and controls laid over photos */
  photoScrim: string;
  /** round buttons laid over photos */
  photoControl: string;
  /** behind a photo shown full screen */
  photoBackdrop: string;
  /** the browser's theme-color (address bar) */
  browserChrome: string;
  /** the swipe buttons' icons: like, pass, super like, boost, undo */
  swipeLike: string;
  swipePass: string;
  swipeSuper: string;
  swipeBoost: string;
  /** text on the boost colour (the boosted badge) */
  onSwipeBoost: string;
  swipeUndo: string;
}

export interface AppTheme {
  mode: 'light' | 'dark';
  colors: ThemeColors;
  space: typeof space;
  radius: typeof radius;
  font: typeof font;
  touchTarget: string;
  layout: typeof layout;
  zIndex: typeof zIndex;
  /** box shadows, and text shadows (`textOnPhoto`: a name over a photo; `textOnHero`: a heading over the hero gradient) */
  shadow: { card: string; raised: string; accent: string; thumb: string; logo: string; textOnPhoto: string; textOnHero: string };
}

const shared = { space, radius, font, touchTarget, layout, zIndex };
/** text over a photo or the hero gradient: the same shadows in both modes (what is under the text is) */
const textShadow = { textOnPhoto: '0 1px 8px rgba(0,0,0,0.35)', textOnHero: '0 4px 24px rgba(0,0,0,0.25)' };

export const lightTheme: AppTheme = {
  ...shared,
  mode: 'light',
  colors: {
    background: palette.sky50,
    backgroundAlt: palette.sky100,
    surface: palette.white,
    surfaceRaised: palette.white,
    tag: palette.sky100,
    text: palette.navy800,
    textMuted: palette.slate600,
    border: palette.slate200,
    primary: palette.navy700,
    primaryHover: palette.navy600,
    onPrimary: palette.white,
    // white text on accent, danger and success keeps a 4.5:1 contrast (WCAG AA)
    accent: palette.sunset700,
    accentHover: palette.sunset800,
    onAccent: palette.white,
    focus: palette.sky500,
    danger: palette.red600,
    onDanger: palette.white,
    success: palette.green600,
    onSuccess: palette.white,
    bubbleOwn: palette.navy700,
    onBubbleOwn: palette.white,
    navBackground: 'rgba(255,255,255,0.96)',
    navActive: palette.sunset700,
    navInactive: palette.slate600,
    heroGradient: `linear-gradient(160deg, ${palette.navy800} 0%, ${palette.navy600} 55%, ${palette.sunset500} 130%)`,
    overlay: 'rgba(6,22,45,0.55)',
    onHero: palette.white,
    photoScrim: 'linear-gradient(transparent, rgba(0,0,0,0.72))',
    photoControl: 'rgba(0,0,0,0.45)',
    photoBackdrop: 'rgb(3,10,22)',
    browserChrome: palette.navy800,
    swipeLike: palette.green600,
    swipePass: palette.red600,
    swipeSuper: palette.sky500,
    swipeBoost: palette.violet600,
    onSwipeBoost: palette.white,
    swipeUndo: palette.gold600,
  },
  shadow: {
    card: '0 4px 18px rgba(11,37,69,0.08)',
    raised: '0 10px 30px rgba(11,37,69,0.18)',
    accent: '0 6px 16px rgba(232,84,47,0.28)',
    thumb: '0 1px 3px rgba(0,0,0,0.25)',
    logo: '0 8px 24px rgba(0,0,0,0.25)',
    ...textShadow,
  },
};

export const darkTheme: AppTheme = {
  ...shared,
  mode: 'dark',
  colors: {
    background: palette.navy900,
    backgroundAlt: palette.navy700,
    surface: palette.navy800,
    surfaceRaised: palette.navy700,
    tag: palette.navy500,
    text: '#eef4ff',
    textMuted: '#a9b6cc',
    border: '#24406a',
    primary: palette.sky400,
    primaryHover: palette.sky500,
    onPrimary: palette.navy900,
    accent: palette.sunset400,
    accentHover: palette.sunset500,
    onAccent: palette.navy900,
    focus: palette.gold400,
    danger: palette.red400,
    onDanger: palette.navy900,
    success: '#3bd18b',
    onSuccess: palette.navy900,
    bubbleOwn: palette.sky400,
    onBubbleOwn: palette.navy900,
    navBackground: 'rgba(11,37,69,0.96)',
    navActive: palette.sunset400,
    navInactive: '#a9b6cc',
    heroGradient: `linear-gradient(160deg, ${palette.navy900} 0%, ${palette.navy700} 60%, ${palette.sunset600} 140%)`,
    overlay: 'rgba(0,0,0,0.6)',
    onHero: palette.white,
    photoScrim: 'linear-gradient(transparent, rgba(0,0,0,0.72))',
    photoControl: 'rgba(0,0,0,0.45)',
    photoBackdrop: 'rgb(0,0,0)',
    browserChrome: palette.navy900,
    swipeLike: '#3bd18b',
    swipePass: palette.red400,
    swipeSuper: palette.sky400,
    swipeBoost: palette.violet400,
    onSwipeBoost: palette.navy900,
    swipeUndo: palette.gold400,
  },
  shadow: {
    card: '0 4px 18px rgba(0,0,0,0.35)',
    raised: '0 10px 30px rgba(0,0,0,0.5)',
    accent: '0 6px 16px rgba(255,138,92,0.22)',
    thumb: '0 1px 3px rgba(0,0,0,0.4)',
    logo: '0 8px 24px rgba(0,0,0,0.35)',
    ...textShadow,
  },
};

type ModeTokens = Pick<AppTheme, 'colors' | 'shadow'>;
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const variables = <T extends object>(prefix: string, values: T) =>
  Object.fromEntries(Object.keys(values).map((name) => [name, `var(--${prefix}-${kebab(name)})`])) as Record<keyof T, string>;

/**
 * The theme components style with. Colours and shadows, which change with light and dark mode,
 * are CSS custom properties that GlobalStyle sets from the resolved theme; the other tokens are
 * the same in both modes. Styled components that read only this (no function of the theme) are
 * static: styled-components generates their CSS once, not at every render, and switching mode
 * re-renders no component.
 */
export const theme = {
  ...shared,
  colors: variables('color', lightTheme.colors),
  shadow: variables('shadow', lightTheme.shadow),
} satisfies Omit<AppTheme, 'mode'>;

/** The declarations that give `theme`'s custom properties the resolved theme's values. */
export function modeCustomProperties(resolved: ModeTokens): string {
  const declarations = (prefix: string, values: object) =>
    Object.entries(values).map(([name, value]) => `--${prefix}-${kebab(name)}: ${value};`);
  return [...declarations('color', resolved.colors), ...declarations('shadow', resolved.shadow)].join('\n');
}
