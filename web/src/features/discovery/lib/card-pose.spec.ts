import { BEHIND_POSE, firstPose, offscreenPose, poseTransform, REST_POSE } from './card-pose';

describe('the stack’s card poses', () => {
  const phone = { width: 390, height: 844 };

  it('sends a liked card off to the right, a passed one to the left, a super like up, past the screen', () => {
    const from = { x: 120, y: 10, rot: 8 };
    expect(offscreenPose('like', from, phone)).toEqual({ x: 630, y: 70, rot: 24 });
    expect(offscreenPose('pass', from, phone)).toEqual({ x: -630, y: 70, rot: -24 });
    expect(offscreenPose('super_like', from, phone)).toEqual({ x: 120, y: -1044, rot: 8 });
  });

  it('brings the next card up from behind, and a card an undo returns back from the side it left by', () => {
    expect(firstPose('a', null, true)).toEqual(BEHIND_POSE);
    expect(firstPose('a', { id: 'b', action: 'like' }, true)).toEqual(BEHIND_POSE);
    const back = firstPose('a', { id: 'a', action: 'pass' }, true);
    expect(back.x).toBeLessThan(-800);
    expect(back.scale).toBe(1);
  });

  it('draws a card in place while its motion has not loaded (nothing would move it to rest)', () => {
    expect(firstPose('a', null, false)).toEqual(REST_POSE);
    expect(firstPose('a', { id: 'a', action: 'like' }, false)).toEqual(REST_POSE);
  });

  it('writes a pose as one CSS transform', () => {
    expect(poseTransform({ x: -12.5, y: 3, rot: -4, scale: 0.95 })).toBe('translate3d(-12.5px, 3px, 0) rotate(-4deg) scale(0.95)');
    expect(poseTransform(REST_POSE)).toBe('translate3d(0px, 0px, 0) rotate(0deg) scale(1)');
  });
});
