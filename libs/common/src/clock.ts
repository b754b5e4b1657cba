/** The time as the rules see it: injected (token CLOCK), so a test can move it across a day boundary. */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('Clock');
export const systemClock: Clock = { now: () => new Date() };
