import { DISTANCE_BANDS_MILES, Limits, SWIPE_GESTURES } from '@aero/contracts/shared';
import { render } from '../../../i18n/testing';
import type { Text } from '../../../i18n/message-key';
import { distanceLabel } from './distance';
import { timeAgo } from './time-ago';
import { cardRotation, deviceClass, galleryStep, gestureFor, stampOpacity, swipeDecision } from './swipe-gesture';
import { detailRows } from './details';
import { jobOf, nameOf, photosOf } from './candidate';
import { candidate } from './test-candidates';

describe('distance band labels (in the unit of the local settings)', () => {
  it('reads every band in miles and in kilometres', () => {
    expect(DISTANCE_BANDS_MILES.map((b) => render(distanceLabel(b, 'miles')!))).toEqual(['under 5 miles', 'under 10 miles', 'under 25 miles', 'under 50 miles', 'under 100 miles', 'under 250 miles']);
    expect(DISTANCE_BANDS_MILES.map((b) => render(distanceLabel(b, 'kilometers')!))).toEqual(['under 8 km', 'under 16 km', 'under 40 km', 'under 80 km', 'under 160 km', 'under 400 km']);
  });

  it('shows nothing for a card without a band, and translates the rest', () => {
    expect(distanceLabel(null, 'miles')).toBeNull();
    expect(render(distanceLabel(25, 'kilometers')!, 'de')).toBe('unter 40 km');
    expect(render(distanceLabel(5, 'miles')!, 'es')).toBe('a menos de 5 millas');
  });
});

describe('profile-view time ago (spec §9)', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  const ago = (ms: number) => render(timeAgo(new Date(now.getTime() - ms).toISOString(), now));
  const H = 3_600_000;

  it("says 'Just now' under an hour, 'Nh ago' under a day, then 'Nd ago'", () => {
    expect(ago(0)).toBe('Just now');
    expect(ago(H - 1)).toBe('Just now');
    expect(ago(H)).toBe('1h ago');
    expect(ago(23 * H + 59 * 60_000)).toBe('23h ago');
    expect(ago(24 * H)).toBe('1d ago');
    expect(ago(10 * 24 * H + 5 * H)).toBe('10d ago');
  });

  it('treats a time in the future as just now', () => {
    expect(ago(-5 * H)).toBe('Just now');
  });
});

describe('swipe gestures per device class (spec §9)', () => {
  it('picks the device class from the viewport width', () => {
    expect([390, 767, 768, 1023, 1024, 1920].map(deviceClass)).toEqual(['mobile', 'mobile', 'tablet', 'tablet', 'desktop', 'desktop']);
    expect(gestureFor(390)).toEqual({ distancePx: 70, velocity: 0.4, maxRotationDeg: 12 });
    expect(gestureFor(800)).toEqual({ distancePx: 90, velocity: 0.6, maxRotationDeg: 15 });
    expect(gestureFor(1280)).toEqual({ distancePx: 100, velocity: 0.8, maxRotationDeg: 18 });
  });

  it('likes past the distance threshold to the right and passes to the left', () => {
    const mobile = SWIPE_GESTURES.mobile;
    expect(swipeDecision(70, 0, mobile)).toBe('right');
    expect(swipeDecision(-70, 0, mobile)).toBe('left');
    expect(swipeDecision(69, 0.1, mobile)).toBeNull();
    expect(swipeDecision(95, 0, SWIPE_GESTURES.tablet)).toBe('right');
    expect(swipeDecision(95, 0, SWIPE_GESTURES.desktop)).toBeNull();
  });

  it('takes a quick flick short of the threshold, in the direction the card moved', () => {
    const mobile = SWIPE_GESTURES.mobile;
    expect(swipeDecision(30, 0.5, mobile)).toBe('right');
    expect(swipeDecision(-30, -0.5, mobile)).toBe('left');
    expect(swipeDecision(30, 0.39, mobile)).toBeNull();
    // a flick back towards the middle is not a swipe
    expect(swipeDecision(40, -0.9, mobile)).toBeNull();
    // a shaky tap is not a flick
    expect(swipeDecision(5, 2, mobile)).toBeNull();
    expect(swipeDecision(40, 0.7, SWIPE_GESTURES.desktop)).toBeNull();
  });

  it('turns the card with the drag, never beyond the maximum rotation', () => {
    expect(cardRotation(0, 360, SWIPE_GESTURES.mobile)).toBe(0);
    expect(cardRotation(60, 360, SWIPE_GESTURES.mobile)).toBeCloseTo(3);
    expect(cardRotation(2000, 360, SWIPE_GESTURES.mobile)).toBe(12);
    expect(cardRotation(-2000, 360, SWIPE_GESTURES.desktop)).toBe(-18);
    expect(stampOpacity(35, SWIPE_GESTURES.mobile)).toEqual({ like: 0.5, pass: 0 });
    expect(stampOpacity(-140, SWIPE_GESTURES.mobile)).toEqual({ like: 0, pass: 1 });
  });

  it('moves the photo gallery one photo past 50 px', () => {
    expect(Limits.gallerySwipePx).toBe(50);
    expect(galleryStep(-50, 50)).toBe(1);
    expect(galleryStep(50, 50)).toBe(-1);
    expect(galleryStep(-49, 50)).toBe(0);
    expect(Limits.doubleTapMs).toBe(300);
    expect(Limits.longPressMs).toBe(500);
  });
});

describe('how a candidate reads', () => {
  it('puts the main photo first and names people without a first name User', () => {
    expect(photosOf({ photos: ['/a', '/b', '/c'], mainPhoto: '/b' })).toEqual(['/b', '/a', '/c']);
    expect(photosOf({ photos: ['/a'], mainPhoto: '/gone' })).toEqual(['/a']);
    expect(nameOf({ firstName: 'Maya' })).toBe('Maya');
    expect(render(nameOf({ firstName: null }) as Text)).toBe('User');
  });

  it("says 'position at airline', or whichever is known", () => {
    const label = (p: string) => p.toUpperCase();
    expect(render(jobOf({ position: 'Pilot', airline: 'Delta Air Lines' }, label) as Text)).toBe('PILOT at Delta Air Lines');
    expect(jobOf({ position: 'Pilot', airline: null }, label)).toBe('PILOT');
    expect(jobOf({ position: null, airline: 'JetBlue Airways' }, label)).toBe('JetBlue Airways');
    expect(jobOf({ position: null, airline: null }, label)).toBeNull();
  });

  it('lists the filled-in details for the profile detail', () => {
    const rows = detailRows(candidate({ drinkingHabits: 'socially', zodiacSign: 'leo', sleepHabits: '  early bird ', languagesSpoken: ['English', 'Spanish'] }));
    expect(rows.map((r) => [render(r.label), r.value, r.field])).toEqual([
      ['Drinking', 'socially', 'drinkingHabits'],
      ['Zodiac', 'leo', 'zodiacSign'],
      ['Sleep', 'early bird', undefined],
      ['Languages', 'English, Spanish', undefined],
    ]);
  });
});
