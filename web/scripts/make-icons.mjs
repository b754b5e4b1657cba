// Renders the AeroMatch logo (an SVG) to the PWA icon PNGs in web/public/icons with Chromium.
// Usage: node web/scripts/make-icons.mjs   (needs /usr/bin/chromium and playwright-core)
// Each PNG is quantised to a palette (a quarter to a fifth of the size, no visible difference):
// Chrome fetches the manifest's icon alongside the first screen.
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

// A paper plane climbing over a heart, on a navy → sunset sky.
// `inset` is the share of the canvas kept free around the motif (maskable icons need ~10 %+).
const logo = (size, { rounded, inset }) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0.55" y2="1">
      <stop offset="0" stop-color="#0b2545"/>
      <stop offset="0.58" stop-color="#1d4273"/>
      <stop offset="1" stop-color="#ff6b4a"/>
    </linearGradient>
    <linearGradient id="heart" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ff8a5c"/>
      <stop offset="1" stop-color="#e8542f"/>
    </linearGradient>
  </defs>
  <rect width="512" height="512" rx="${rounded ? 112 : 0}" fill="url(#sky)"/>
  <g transform="translate(256 256) scale(${1 - inset * 2}) translate(-256 -256)">
    <path d="M256 404 C 150 330 96 270 96 206 C 96 160 132 124 178 124 C 212 124 238 144 256 172 C 274 144 300 124 334 124 C 380 124 416 160 416 206 C 416 270 362 330 256 404 Z" fill="url(#heart)" opacity="0.95"/>
    <path d="M120 300 C 190 240 300 190 420 150" stroke="#ffffff" stroke-opacity="0.55" stroke-width="10" stroke-linecap="round" stroke-dasharray="4 22" fill="none"/>
    <g transform="translate(300 176) rotate(-18)">
      <path d="M-96 0 L 104 -56 L 28 64 L 6 22 Z" fill="#ffffff"/>
      <path d="M6 22 L 104 -56 L -20 36 Z" fill="#dbe7f7"/>
      <path d="M6 22 L 0 60 L 28 64 Z" fill="#b9cbe4"/>
    </g>
  </g>
</svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, rounded: true, inset: 0.02 },
  { file: 'icon-512.png', size: 512, rounded: true, inset: 0.02 },
  { file: 'icon-maskable-512.png', size: 512, rounded: false, inset: 0.12 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, inset: 0.06 },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  await mkdir(out, { recursive: true });
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(`<html><body style="margin:0;background:transparent">${logo(icon.size, icon)}</body></html>`);
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    await writeFile(join(out, icon.file), await sharp(png).png({ palette: true, quality: 95, compressionLevel: 9, effort: 10 }).toBuffer());
    await page.close();
    console.log(`wrote ${icon.file}`);
  }
  await writeFile(join(out, 'logo.svg'), logo(512, { rounded: true, inset: 0.02 }).trim() + '\n');
} finally {
  await browser.close();
}
