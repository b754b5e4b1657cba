import { createAvatar } from '@dicebear/core';
import * as lorelei from '@dicebear/lorelei';
import * as notionists from '@dicebear/notionists';
import sharp from 'sharp';

const BACKGROUNDS = ['b6e3f4', 'c0aede', 'd1d4f9', 'ffd5dc', 'ffdfbf', 'c7f0d8'];

/**
 * Generated portraits for the demo crew, offline: DiceBear's Notionists and Lorelei styles
 * (artwork CC0 1.0, code MIT), rasterised to PNG with sharp. Two per member, stable per seed.
 */
export async function demoPortraits(seed: string, gender: 'male' | 'female'): Promise<Buffer[]> {
  const beard = gender === 'male' ? 40 : 0;
  const svgs = [
    createAvatar(notionists, { seed, size: 640, backgroundColor: BACKGROUNDS, beardProbability: beard }).toString(),
    createAvatar(lorelei, { seed: `${seed}-2`, size: 640, backgroundColor: BACKGROUNDS, beardProbability: beard }).toString(),
  ];
  return Promise.all(svgs.map((svg) => sharp(Buffer.from(svg)).png().toBuffer()));
}
