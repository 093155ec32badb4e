import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CARD_ICONS } from '../src/client/components/ui/card-icons';
import { CARD_ICON_PIXELS, cardIconsCss } from './card-icons-plugin';
import { drawLucideIcon, type LucideDrawing, pathRuns } from './lucide-raster';
import { encodePng } from './png';

const SIZE = 48; // two pixels per unit of Lucide's 24-unit box
const thin = { strokeWidth: 2, filled: false };

function icon(...node: LucideDrawing['node']): LucideDrawing {
  return { name: 'test', node };
}

/** How much of the pixel at (x, y), in the icon's 24 units, the drawing covers: 0 to 255. */
function alphaAt(pixels: Uint8Array, x: number, y: number, size = SIZE): number {
  const px = Math.floor((x / 24) * size);
  const py = Math.floor((y / 24) * size);
  return pixels[(py * size + px) * 4 + 3] ?? -1;
}

/** Reads back what encodePng writes: one IDAT, unfiltered rows of RGBA. */
function decodePng(png: Buffer): { width: number; height: number; rgba: Uint8Array } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let at = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([body[8], body[9]]).toEqual([8, 6]);
    }
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const rows = inflateSync(Buffer.concat(data));
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    expect(rows[y * (width * 4 + 1)]).toBe(0);
    rgba.set(rows.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)), y * width * 4);
  }
  return { width, height, rgba };
}

describe('drawLucideIcon', () => {
  it('covers what lies within half the stroke of a path, corners included, and nothing else', () => {
    const check = drawLucideIcon(icon(['path', { d: 'M20 6 9 17l-5-5' }]), SIZE, thin);
    expect(alphaAt(check, 9, 17)).toBe(255); // the corner
    expect(alphaAt(check, 14.5, 11.5)).toBe(255); // on the long stroke
    expect(alphaAt(check, 4, 12)).toBe(255); // the round cap at the relative line's end
    expect(alphaAt(check, 12, 6)).toBe(0);
    expect(alphaAt(check, 2, 2)).toBe(0);
  });

  it('draws a wider stroke where the look asks for one', () => {
    const line = icon(['line', { x1: '4', y1: '12', x2: '20', y2: '12' }]);
    // 1.25 units from the line: outside a 2-unit stroke, inside a 3-unit one.
    expect(alphaAt(drawLucideIcon(line, SIZE, thin), 12, 13.25)).toBe(0);
    expect(alphaAt(drawLucideIcon(line, SIZE, { strokeWidth: 3, filled: false }), 12, 13.25)).toBe(255);
  });

  it('fills a circle only when the look is filled, and draws its rim either way', () => {
    const circle = icon(['circle', { cx: '12', cy: '12', r: '4' }]);
    const outline = drawLucideIcon(circle, SIZE, thin);
    const filled = drawLucideIcon(circle, SIZE, { strokeWidth: 2, filled: true });
    expect(alphaAt(outline, 12, 12)).toBe(0);
    expect(alphaAt(filled, 12, 12)).toBe(255);
    expect(alphaAt(outline, 16, 12)).toBe(255);
    expect(alphaAt(filled, 21, 12)).toBe(0);
  });

  it('shades the pixels a stroke only partly covers', () => {
    // The stroke spans x = 11.25 to 13.25; at two pixels per unit, the pixel from 11 to 11.5 is half in.
    const line = drawLucideIcon(icon(['line', { x1: '12.25', y1: '4', x2: '12.25', y2: '20' }]), SIZE, thin);
    expect(alphaAt(line, 10.8, 12)).toBe(0);
    expect(alphaAt(line, 11.2, 12)).toBe(128);
    expect(alphaAt(line, 11.7, 12)).toBe(255);
  });

  it('refuses a shape it does not know, so a new card icon cannot be drawn wrong', () => {
    expect(() =>
      drawLucideIcon(icon(['rect', { x: '2', y: '2', width: '20', height: '20' }]), SIZE, thin),
    ).toThrow(/<rect>, which the card icons' drawing does not know/);
  });
});

describe('pathRuns', () => {
  it('reads relative and absolute lines, horizontal and vertical moves, and closing', () => {
    expect(pathRuns('M2 2h10v10H2z')).toEqual([
      [
        [2, 2],
        [12, 2],
        [12, 12],
        [2, 12],
        [2, 2],
      ],
    ]);
    expect(pathRuns('m1 1 2 0M5 5l1 1')).toEqual([
      [
        [1, 1],
        [3, 1],
      ],
      [
        [5, 5],
        [6, 6],
      ],
    ]);
  });

  it('follows curves and arcs through the points they pass', () => {
    const passesNear = (runs: ReturnType<typeof pathRuns>, x: number, y: number) =>
      runs.flat().some(([px, py]) => Math.hypot(px - x, py - y) < 0.05);
    // A quadratic's midpoint is halfway between its control and the middle of its ends; T mirrors it.
    const waves = pathRuns('M2 12q5-10 10 0t10 0');
    expect(passesNear(waves, 7, 7)).toBe(true);
    expect(passesNear(waves, 17, 17)).toBe(true);
    // A cubic with both controls at one point meets that point's 3/4 towards the chord's middle.
    expect(passesNear(pathRuns('M2 12C12 2 12 2 22 12'), 12, 4.5)).toBe(true);
    // Clockwise on screen (sweep 1) from the left end of a radius 8 half circle goes over the top.
    const arch = pathRuns('M4 12a8 8 0 0 1 16 0');
    expect(passesNear(arch, 12, 4)).toBe(true);
    expect(passesNear(arch, 12, 20)).toBe(false);
    expect(arch.at(-1)?.at(-1)).toEqual([20, 12]);
    // Anticlockwise (sweep 0), under it.
    const bowl = pathRuns('M4 12a8 8 0 0 0 16 0');
    expect(passesNear(bowl, 12, 20)).toBe(true);
    expect(passesNear(bowl, 12, 4)).toBe(false);
    // The large way round, anticlockwise, about the centre (20, 4): three quarters, through (28, 4).
    expect(passesNear(pathRuns('M20 12a8 8 0 1 0-8-8'), 28, 4)).toBe(true);
    expect(passesNear(pathRuns('M20 12a8 8 0 1 1-8-8'), 4, 12)).toBe(true);
    // Flags may touch the next number.
    expect(passesNear(pathRuns('M4 12a8 8 0 0116 0'), 12, 4)).toBe(true);
  });

  it('says which path it cannot read', () => {
    expect(() => pathRuns('L2 2')).toThrow(/must start with a move/);
    expect(() => pathRuns('M2 2 x')).toThrow(/the path command "x" is not drawn/);
    expect(() => pathRuns('M2 2 #')).toThrow(/cannot read the path "M2 2 #"/);
  });
});

describe('encodePng', () => {
  it('writes RGBA pixels a PNG reader gets back unchanged', () => {
    const rgba = Uint8Array.from({ length: 3 * 2 * 4 }, (_, i) => (i * 37) % 256);
    expect(decodePng(encodePng(3, 2, rgba))).toEqual({ width: 3, height: 2, rgba });
    expect(() => encodePng(3, 3, rgba)).toThrow(/expected 36 RGBA bytes, got 24/);
  });
});

describe('the card icons style sheet', () => {
  it('has one class per card icon, its mask a PNG of the Lucide drawing', () => {
    const css = cardIconsCss();
    const rules = [
      ...css.matchAll(/^\.mask-icon-([a-z-]+)\{mask-image:url\("data:image\/png;base64,([^"]+)"\)\}$/gm),
    ];
    expect(rules.map(([, name]) => name).sort()).toEqual(Object.keys(CARD_ICONS).sort());
    for (const [, name, base64] of rules) {
      const { width, height, rgba } = decodePng(Buffer.from(base64 ?? '', 'base64'));
      expect([width, height], name).toEqual([CARD_ICON_PIXELS, CARD_ICON_PIXELS]);
      const covered = rgba.filter((byte, i) => i % 4 === 3 && byte > 0).length;
      // Something drawn, and far from a filled square.
      expect(covered, name).toBeGreaterThan(50);
      expect(covered, name).toBeLessThan(CARD_ICON_PIXELS * CARD_ICON_PIXELS * 0.6);
    }
    // The check is drawn 3 units wide, as the card's done mark was: more of it than Lucide's 2.
    const check = rules.find(([, name]) => name === 'check')?.[2] ?? '';
    const coverage = (pixels: Uint8Array) =>
      pixels.reduce((sum, byte, i) => sum + (i % 4 === 3 ? byte : 0), 0);
    const thinCheck = drawLucideIcon(icon(['path', { d: 'M20 6 9 17l-5-5' }]), CARD_ICON_PIXELS, thin);
    const ratio = coverage(decodePng(Buffer.from(check, 'base64')).rgba) / coverage(thinCheck);
    expect(ratio).toBeGreaterThan(1.3);
    expect(ratio).toBeLessThan(1.6);
  }, 60_000); // It draws every card icon: 10 s was not enough on a busy two-core machine.
});
