import { createAvatar } from '@dicebear/core';
import * as lorelei from '@dicebear/lorelei';
import * as notionists from '@dicebear/notionists';
import sharp from 'sharp';

const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c7f0d8'];

type NotionistsHair = NonNullable<notionists.Options['hair']>[number];
type LoreleiHair = NonNullable<lorelei.Options['hair']>[number];
/** DiceBear's names of a style's hair variants, by number */
const variants = <T extends string>(...n: number[]) => n.map((i) => `variant${String(i).padStart(2, '0')}` as T);

/**
 * The hair styles that read as the member's gender (picked by eye from each style's sheet): a
 * woman's profile with a man's short cut, next to her name, looked like a mistake.
 */
export const HAIR = {
  notionists: {
    female: variants<NotionistsHair>(2, 4, 8, 10, 23, 28, 30, 36, 37, 39, 40, 41, 43, 45, 46, 47, 48, 57, 58, 59, 62, 63),
    male: variants<NotionistsHair>(1, 3, 5, 6, 7, 9, 12, 13, 15, 16, 17, 18, 19, 21, 22, 25, 26, 27, 31, 33, 34, 35, 38, 44, 49, 52, 53, 54, 55, 56, 60),
  },
  lorelei: {
    female: variants<LoreleiHair>(10, 13, 14, 15, 16, 18, 19, 21, 23, 24, 26, 29, 30, 31, 32, 33, 35, 37, 38, 40, 41, 42, 45, 46, 48),
  },
};

/**
 * Generated portraits for the demo crew, offline: DiceBear's Notionists and Lorelei styles
 * (artwork CC0 1.0, code MIT), rasterised to PNG with sharp. Two per member, stable per seed, with
 * hair that fits the gender: a woman has one of each style, a man two Notionists (Lorelei's faces
 * read as women's), bearded now and then.
 */
export async function demoPortraits(seed: string, gender: 'male' | 'female'): Promise<Buffer[]> {
  const common = { size: 640, backgroundColor: BACKGROUNDS };
  const svgs =
    gender === 'female'
      ? [
          createAvatar(notionists, { ...common, seed, hair: HAIR.notionists.female, beardProbability: 0 }).toString(),
          createAvatar(lorelei, { ...common, seed: `${seed}-2`, hair: HAIR.lorelei.female, beardProbability: 0 }).toString(),
        ]
      : [seed, `${seed}-2`].map((s) => createAvatar(notionists, { ...common, seed: s, hair: HAIR.notionists.male, beardProbability: 40 }).toString());
  return Promise.all(svgs.map((svg) => sharp(Buffer.from(svg)).png().toBuffer()));
}
