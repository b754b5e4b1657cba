import { photoAspect, TALLEST_PHOTO, WIDEST_PHOTO } from './photo-aspect';

describe('photoAspect', () => {
  it("is the photo's own shape between the tallest and the widest box", () => {
    expect(photoAspect(1080, 608)).toBeCloseTo(1080 / 608);
    expect(photoAspect(1080, 1080)).toBe(1);
    expect(photoAspect(864, 1080)).toBeCloseTo(0.8);
  });

  it('crops a very tall photo or a panorama to the box it may have', () => {
    expect(photoAspect(608, 1080)).toBe(TALLEST_PHOTO);
    expect(photoAspect(1080, 200)).toBe(WIDEST_PHOTO);
  });

  it('draws a photo of unknown size in the tallest box', () => {
    expect(photoAspect(null, null)).toBe(TALLEST_PHOTO);
    expect(photoAspect(undefined, 600)).toBe(TALLEST_PHOTO);
    expect(photoAspect(0, 0)).toBe(TALLEST_PHOTO);
  });
});
