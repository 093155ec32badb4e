/*
 * Draws a Lucide icon into pixels, for the card icons' masks (scripts/card-icons-plugin.ts; why in
 * docs/decisions/010-first-load-weight.md, "Card icons as pictures"). Lucide draws in a 24-unit box with
 * round caps and round joins, so a stroke covers exactly the points within half its width of the
 * path: each pixel is sampled on a grid and counted covered when a sample is that close to a segment
 * (or to a circle's rim), or, for a filled look, inside the shape (nonzero winding). Paths are cut
 * into straight segments first: curves and arcs into short pieces.
 */

/** A Lucide icon's drawing: its elements, each a tag and its attributes (scripts/card-icons-plugin.ts reads them). */
export type LucideDrawing = {
  name: string;
  node: ReadonlyArray<readonly [string, Readonly<Record<string, string>>]>;
};

export type IconLook = { strokeWidth: number; filled: boolean };

type Point = readonly [number, number];
/** One element of the drawing: straight runs (a path's subpaths, a line) or a circle. */
type Shape = { runs: Point[][] } | { circle: { cx: number; cy: number; r: number } };

const BOX = 24;
/** Pieces per curve and per quarter turn of an arc: each strays from the true curve by far less than a pixel. */
const PIECES = 16;

/** Reads an SVG path's data, one number or flag at a time. */
class PathReader {
  private at = 0;
  constructor(private readonly text: string) {}

  private skip() {
    while (this.at < this.text.length && /[\s,]/.test(this.text[this.at] ?? '')) this.at += 1;
  }

  command(): string | undefined {
    this.skip();
    const char = this.text[this.at];
    if (char && /[a-zA-Z]/.test(char)) {
      this.at += 1;
      return char;
    }
    return undefined;
  }

  hasNumber(): boolean {
    this.skip();
    return this.at < this.text.length && /[-+.\d]/.test(this.text[this.at] ?? '');
  }

  number(): number {
    this.skip();
    const match = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/.exec(this.text.slice(this.at));
    if (!match) throw new Error(`expected a number at ${this.at} of the path "${this.text}"`);
    this.at += match[0].length;
    return Number(match[0]);
  }

  /** An arc's flag is one character, and may touch the next number ("a1 1 0 011 1"). */
  flag(): boolean {
    this.skip();
    const char = this.text[this.at];
    if (char !== '0' && char !== '1')
      throw new Error(`expected an arc flag at ${this.at} of the path "${this.text}"`);
    this.at += 1;
    return char === '1';
  }

  done(): boolean {
    this.skip();
    return this.at >= this.text.length;
  }
}

function quadratic(from: Point, control: Point, to: Point): Point[] {
  return Array.from({ length: PIECES }, (_, i) => {
    const t = (i + 1) / PIECES;
    const u = 1 - t;
    return [
      u * u * from[0] + 2 * u * t * control[0] + t * t * to[0],
      u * u * from[1] + 2 * u * t * control[1] + t * t * to[1],
    ];
  });
}

function cubic(from: Point, c1: Point, c2: Point, to: Point): Point[] {
  return Array.from({ length: PIECES }, (_, i) => {
    const t = (i + 1) / PIECES;
    const u = 1 - t;
    const a = u * u * u;
    const b = 3 * u * u * t;
    const c = 3 * u * t * t;
    const d = t * t * t;
    return [a * from[0] + b * c1[0] + c * c2[0] + d * to[0], a * from[1] + b * c1[1] + c * c2[1] + d * to[1]];
  });
}

/** An elliptical arc, from its endpoints to its centre as the SVG specification's implementation notes do. */
function arc(
  from: Point,
  radii: Point,
  rotationDegrees: number,
  large: boolean,
  sweep: boolean,
  to: Point,
): Point[] {
  let [rx, ry] = [Math.abs(radii[0]), Math.abs(radii[1])];
  if (rx === 0 || ry === 0 || (from[0] === to[0] && from[1] === to[1])) return [to];
  const phi = (rotationDegrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(phi), Math.sin(phi)];
  const dx = (from[0] - to[0]) / 2;
  const dy = (from[1] - to[1]) / 2;
  const x1 = cos * dx + sin * dy;
  const y1 = -sin * dx + cos * dy;
  const lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1;
  const denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1;
  const coefficient = (large === sweep ? -1 : 1) * Math.sqrt(Math.max(0, numerator / denominator));
  const cx1 = (coefficient * rx * y1) / ry;
  const cy1 = (-coefficient * ry * x1) / rx;
  const cx = cos * cx1 - sin * cy1 + (from[0] + to[0]) / 2;
  const cy = sin * cx1 + cos * cy1 + (from[1] + to[1]) / 2;
  const start = Math.atan2((y1 - cy1) / ry, (x1 - cx1) / rx);
  let turn = Math.atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - start;
  if (!sweep && turn > 0) turn -= 2 * Math.PI;
  if (sweep && turn < 0) turn += 2 * Math.PI;
  const pieces = Math.max(2, Math.ceil((Math.abs(turn) / (Math.PI / 2)) * PIECES));
  const points: Point[] = [];
  for (let i = 1; i < pieces; i += 1) {
    const angle = start + (turn * i) / pieces;
    const ex = rx * Math.cos(angle);
    const ey = ry * Math.sin(angle);
    points.push([cos * ex - sin * ey + cx, sin * ex + cos * ey + cy]);
  }
  // The last point exactly, so the next command starts where this one ends.
  points.push(to);
  return points;
}

/** An SVG path's subpaths as runs of points (M, L, H, V, C, S, Q, T, A and Z, absolute and relative). */
export function pathRuns(d: string): Point[][] {
  const reader = new PathReader(d);
  const runs: Point[][] = [];
  let run: Point[] = [];
  let current: Point = [0, 0];
  let start: Point = [0, 0];
  // The previous curve's last control point, for S and T.
  let lastCubic: Point | undefined;
  let lastQuadratic: Point | undefined;
  let command = reader.command();
  if (command !== 'M' && command !== 'm') throw new Error(`a path must start with a move: "${d}"`);
  while (command) {
    const relative = command === command.toLowerCase();
    const point = (): Point => {
      const x = reader.number();
      const y = reader.number();
      return relative ? [current[0] + x, current[1] + y] : [x, y];
    };
    // S and T: the previous curve's control point mirrored about the current point, or the current
    // point itself after any other command.
    const mirrored = (control: Point | undefined): Point =>
      control ? [2 * current[0] - control[0], 2 * current[1] - control[1]] : current;
    const upper = command.toUpperCase();
    let first = true;
    do {
      let added: Point[] = [];
      let nextCubic: Point | undefined;
      let nextQuadratic: Point | undefined;
      if (upper === 'M' && first) {
        if (run.length > 1) runs.push(run);
        current = point();
        start = current;
        run = [current];
      } else if (upper === 'M' || upper === 'L') {
        added = [point()];
      } else if (upper === 'H') {
        const x = reader.number();
        added = [[relative ? current[0] + x : x, current[1]]];
      } else if (upper === 'V') {
        const y = reader.number();
        added = [[current[0], relative ? current[1] + y : y]];
      } else if (upper === 'C' || upper === 'S') {
        const c1 = upper === 'C' ? point() : mirrored(lastCubic);
        const c2 = point();
        const to = point();
        added = cubic(current, c1, c2, to);
        nextCubic = c2;
      } else if (upper === 'Q' || upper === 'T') {
        const control = upper === 'Q' ? point() : mirrored(lastQuadratic);
        const to = point();
        added = quadratic(current, control, to);
        nextQuadratic = control;
      } else if (upper === 'A') {
        const radii: Point = [reader.number(), reader.number()];
        const rotation = reader.number();
        const large = reader.flag();
        const sweep = reader.flag();
        added = arc(current, radii, rotation, large, sweep, point());
      } else if (upper === 'Z') {
        run.push(start);
        runs.push(run);
        run = [start];
        current = start;
      } else {
        throw new Error(`the path command "${command}" is not drawn: "${d}"`);
      }
      run.push(...added);
      current = run.at(-1) ?? current;
      lastCubic = nextCubic;
      lastQuadratic = nextQuadratic;
      first = false;
    } while (upper !== 'Z' && reader.hasNumber());
    command = reader.command();
    if (!command && !reader.done()) throw new Error(`cannot read the path "${d}"`);
  }
  if (run.length > 1) runs.push(run);
  return runs;
}

function shapeOf([tag, props]: LucideDrawing['node'][number], icon: string): Shape {
  const number = (name: string) => {
    const value = Number(props[name]);
    if (!Number.isFinite(value))
      throw new Error(`the icon "${icon}" has a <${tag}> without a number in "${name}"`);
    return value;
  };
  if (tag === 'path') return { runs: pathRuns(props.d ?? '') };
  if (tag === 'circle') return { circle: { cx: number('cx'), cy: number('cy'), r: number('r') } };
  if (tag === 'line') {
    return {
      runs: [
        [
          [number('x1'), number('y1')],
          [number('x2'), number('y2')],
        ],
      ],
    };
  }
  // A new card icon with another kind of shape fails the build here rather than drawing wrong.
  throw new Error(`the icon "${icon}" has a <${tag}>, which the card icons' drawing does not know`);
}

/** How far (x, y) lies from the segment a-b. Also the app icons' line (scripts/make-icons.ts). */
export function distanceToSegment(x: number, y: number, a: Point, b: Point): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length = dx * dx + dy * dy;
  // A zero-length segment (Lucide's dots, "h.01" at most) is its point, drawn round by the cap.
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((x - a[0]) * dx + (y - a[1]) * dy) / length));
  return Math.hypot(x - (a[0] + t * dx), y - (a[1] + t * dy));
}

/** Nonzero winding of the runs, each closed back to its start as a fill closes it. */
function insideRuns(x: number, y: number, runs: Point[][]): boolean {
  let winding = 0;
  for (const run of runs) {
    for (let i = 0; i < run.length; i += 1) {
      const a = run[i] as Point;
      const b = run[(i + 1) % run.length] as Point;
      if (a[1] <= y) {
        if (b[1] > y && (b[0] - a[0]) * (y - a[1]) - (x - a[0]) * (b[1] - a[1]) > 0) winding += 1;
      } else if (b[1] <= y && (b[0] - a[0]) * (y - a[1]) - (x - a[0]) * (b[1] - a[1]) < 0) {
        winding -= 1;
      }
    }
  }
  return winding !== 0;
}

function covers(shape: Shape, x: number, y: number, { strokeWidth, filled }: IconLook): boolean {
  const half = strokeWidth / 2;
  if ('circle' in shape) {
    const distance = Math.hypot(x - shape.circle.cx, y - shape.circle.cy);
    return Math.abs(distance - shape.circle.r) <= half || (filled && distance <= shape.circle.r);
  }
  for (const run of shape.runs) {
    for (let i = 0; i + 1 < run.length; i += 1) {
      if (distanceToSegment(x, y, run[i] as Point, run[i + 1] as Point) <= half) return true;
    }
  }
  return filled && insideRuns(x, y, shape.runs);
}

/** The icon as `size` x `size` RGBA pixels: black, its coverage in the alpha channel (what a mask keeps). */
export function drawLucideIcon(icon: LucideDrawing, size: number, look: IconLook): Uint8Array {
  const shapes = icon.node.map((element) => shapeOf(element, icon.name));
  const samples = 4;
  const rgba = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let covered = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = ((px + (sx + 0.5) / samples) / size) * BOX;
          const y = ((py + (sy + 0.5) / samples) / size) * BOX;
          if (shapes.some((shape) => covers(shape, x, y, look))) covered += 1;
        }
      }
      rgba[(py * size + px) * 4 + 3] = Math.round((255 * covered) / (samples * samples));
    }
  }
  return rgba;
}
