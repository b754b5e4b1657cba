import { Globals } from '@react-spring/web';

// Members who ask for less motion see cards and photos move without animation (the outcome is the
// same). Every module that animates with react-spring imports this one.
if (typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) Globals.assign({ skipAnimation: true });
