import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { distanceToSegment } from './lucide-raster';
import { encodePng } from './png';

/*
 * Draws the app icons (docs/decisions/018-installable-app.md) from the same mark as public/favicon.svg,
 * a rising line on an indigo square, and writes them as PNG into public/icons. Run by hand after a
 * change of the mark (`node --import tsx scripts/make-icons.ts`); the PNGs are committed. Pure Node:
 * each pixel is covered by the shapes at 4x4 samples, and scripts/png.ts writes the PNG.
 */

const INDIGO = [0x4f, 0x46, 0xe5] as const;
const WHITE = [0xff, 0xff, 0xff] as const;
/** The favicon's line, in its 32-unit box. */
const LINE: ReadonlyArray<readonly [number, number]> = [
  [9, 20.5],
  [14, 15.5],
  [17.5, 19],
  [23, 12],
];
const LINE_WIDTH = 3;

type Icon = { file: string; size: number; corner: number; scale: number };

const ICONS: Icon[] = [
  // The page's icon in tabs and bookmarks: 16 pixels at up to 3x. A raster one, because a browser draws
  // an SVG icon by building a document for it on the page's main thread while the page starts
  // (docs/decisions/010-first-load-weight.md, "The favicon").
  { file: 'favicon-48.png', size: 48, corner: 8 / 32, scale: 1 },
  // Square art with the favicon's rounded corners, for launchers that show it as it is.
  { file: 'icon-192.png', size: 192, corner: 8 / 32, scale: 1 },
  { file: 'icon-512.png', size: 512, corner: 8 / 32, scale: 1 },
  // Maskable: a full-bleed square, the mark inside the central 80% safe zone.
  { file: 'icon-maskable-512.png', size: 512, corner: 0, scale: 0.7 },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, corner: 0, scale: 0.85 },
];

function insideRoundedSquare(x: number, y: number, radius: number): boolean {
  const cx = Math.min(Math.max(x, radius), 32 - radius);
  const cy = Math.min(Math.max(y, radius), 32 - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
}

function onLine(x: number, y: number, scale: number): boolean {
  // The mark scaled about the centre of the box.
  const ux = 16 + (x - 16) / scale;
  const uy = 16 + (y - 16) / scale;
  for (let i = 0; i + 1 < LINE.length; i += 1) {
    if (distanceToSegment(ux, uy, LINE[i] ?? [0, 0], LINE[i + 1] ?? [0, 0]) <= LINE_WIDTH / 2) return true;
  }
  return false;
}

function pixels({ size, corner, scale }: Icon): Uint8Array {
  const samples = 4;
  const rgba = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let square = 0;
      let line = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = ((px + (sx + 0.5) / samples) / size) * 32;
          const y = ((py + (sy + 0.5) / samples) / size) * 32;
          if (!insideRoundedSquare(x, y, corner * 32)) continue;
          square += 1;
          if (onLine(x, y, scale)) line += 1;
        }
      }
      const total = samples * samples;
      const lineShare = square === 0 ? 0 : line / square;
      const at = (py * size + px) * 4;
      for (let c = 0; c < 3; c += 1) {
        rgba[at + c] = Math.round((INDIGO[c] ?? 0) * (1 - lineShare) + (WHITE[c] ?? 0) * lineShare);
      }
      rgba[at + 3] = Math.round((255 * square) / total);
    }
  }
  return rgba;
}

for (const icon of ICONS)
  writeFileSync(join('public', 'icons', icon.file), encodePng(icon.size, icon.size, pixels(icon)));
console.log(`wrote ${ICONS.length} icons to public/icons`);
