import * as lorelei from '@dicebear/lorelei';
import * as notionists from '@dicebear/notionists';
import sharp from 'sharp';
import { demoPortraits, HAIR } from './demo-portraits.js';

describe('demo portraits', () => {
  const hairOf = (style: typeof notionists | typeof lorelei) => new Set((style.schema.properties!.hair as { items: { enum: string[] } }).items.enum);

  it("gives a woman and a man hair of their own: no style in both lists, each one the style's own", () => {
    const women = new Set<string>(HAIR.notionists.female);
    expect(HAIR.notionists.male.filter((v) => women.has(v))).toEqual([]);
    for (const v of [...HAIR.notionists.female, ...HAIR.notionists.male]) expect(hairOf(notionists).has(v)).toBe(true);
    for (const v of HAIR.lorelei.female) expect(hairOf(lorelei).has(v)).toBe(true);
  });

  it('renders two square portraits per member, the same for the same seed', async () => {
    for (const gender of ['female', 'male'] as const) {
      const [a, b] = await demoPortraits('Leilani-1', gender);
      expect(await sharp(a).metadata()).toMatchObject({ width: 640, height: 640, format: 'png' });
      expect(b!.equals(a!)).toBe(false);
      expect((await demoPortraits('Leilani-1', gender))[0]!.equals(a!)).toBe(true);
    }
  });
});
