// Linework read straight from a page's content stream, so MuPDF need not interpret it (faster report).
//
// A drawing set's sheet is mostly paths: tens of thousands of coordinates MuPDF spends ~3 ms a sheet
// lexing, though for a sheet past the previews all the report needs of them is whether any is dark ink
// on the sheet, and whether any is colored. `lineworkOf` reads the stream once in JavaScript, judges
// every path painted straight in it the way the report's pass over MuPDF's display list would
// (survey() in pixels.ts), and returns the stream without those paths. MuPDF then interprets only
// what is left (text, images, forms, clips), which is a few hundred bytes of a 100 KB sheet.
//
// It answers only when sure; otherwise null, and the sheet is interpreted whole, as before. Not sure
// means: colored paint or paint in any color space but DeviceGray, DeviceRGB and DeviceCMYK (the
// sheet is to be rendered anyway), a graphics state whose effect it does not model (soft masks, blend
// modes, transfer functions…), optional content, inline images, text used as a clip, a stream it
// cannot tokenise, or dark paint whose place on the sheet it cannot be certain of while no other
// paint is certain ink.

import { countStroke, expansion, isLight, noMarks, type Marks } from './printFindings';

/** The device color space types judged here. */
export type SpaceType = 'Gray' | 'RGB' | 'CMYK';
/** A color: its space's type (null: not judged here) and its values (null: set by a space not yet given any). */
type Color = { type: SpaceType | null; values: Float64Array | null };
type Paint = 'fill' | 'stroke';

/** Each byte's class: a regular character, whitespace or a delimiter. */
const REGULAR = 0;
const WHITE = 1;
const DELIMITS = 2;
const CLASS = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) CLASS[c] = WHITE;
for (const c of '()<>[]{}/%') CLASS[c.charCodeAt(0)] = DELIMITS;

/** An operator's name as a number: up to three bytes, for a switch without making strings. */
const key = (name: string): number => [...name].reduce((k, c, i) => k | (c.charCodeAt(0) << (8 * i)), 0);
const OP = Object.fromEntries(
  ['q', 'Q', 'cm', 'gs', 'w', 'BDC', 'BI', 'Tr', 'd0', 'd1']
    .concat(['m', 'l', 'c', 'v', 'y', 're', 'h', 'W', 'W*', 'S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'n'])
    .map((name) => [name, key(name)]),
);
/**
 * Operators that may come while a path is open: its own, and those setting color or line style
 * (PDFKit sets the color between a path and its painting). Any other declines.
 */
const WITHIN_PATH = new Set(
  ['m', 'l', 'c', 'v', 'y', 're', 'h', 'W', 'W*', 'S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'n']
    .concat(['g', 'G', 'rg', 'RG', 'k', 'K', 'cs', 'CS', 'sc', 'SC', 'scn', 'SCN', 'gs', 'w', 'J', 'j', 'M', 'd', 'ri', 'i'])
    .map(key),
);

// Numbers are kept in typed arrays (colors, matrices, rectangles) and states made by one function,
// so the JIT sees one shape of each and the scan stays optimised from sheet to sheet.

/** Channels of each color space type judged here. */
const CHANNELS: Record<SpaceType, number> = { Gray: 1, RGB: 3, CMYK: 4 };

/**
 * Color operators: the paint they set (fill or stroke), and how: a device color of a type (g, rg,
 * k), a color space (cs), or values in the current space (sc, scn).
 */
const COLOR_OPERATORS = new Map<number, { paint: Paint; set: SpaceType | 'space' | 'values' }>(
  (
    [
      ['g', 'fill', 'Gray'],
      ['G', 'stroke', 'Gray'],
      ['rg', 'fill', 'RGB'],
      ['RG', 'stroke', 'RGB'],
      ['k', 'fill', 'CMYK'],
      ['K', 'stroke', 'CMYK'],
      ['cs', 'fill', 'space'],
      ['CS', 'stroke', 'space'],
      ['sc', 'fill', 'values'],
      ['scn', 'fill', 'values'],
      ['SC', 'stroke', 'values'],
      ['SCN', 'stroke', 'values'],
    ] as const
  ).map(([name, paint, set]) => [key(name), { paint, set }]),
);

/** The device color spaces by name, with the color `cs` starts each with. */
const SPACES = (
  [
    { name: 'DeviceGray', type: 'Gray', initial: Float64Array.of(0) },
    { name: 'DeviceRGB', type: 'RGB', initial: Float64Array.of(0, 0, 0) },
    { name: 'DeviceCMYK', type: 'CMYK', initial: Float64Array.of(0, 0, 0, 1) },
  ] as const
).map((space) => ({ ...space, bytes: [...space.name].map((c) => c.charCodeAt(0)) }));

/** 'Gray', 'RGB' or 'CMYK' for the name of a device color space, else null. */
export function deviceSpaceType(name: string): SpaceType | null {
  return SPACES.find((space) => space.name === name)?.type ?? null;
}
const BLACK: Color = { type: 'Gray', values: Float64Array.of(0) };
/** Paint in a color this module does not judge. */
const UNKNOWN_COLOR: Color = { type: null, values: new Float64Array(0) };

/**
 * A graphics state as far as it is modelled here. `unmodelled`: a graphics state is set whose effect
 * on paint is not; `clip`: bounds within MuPDF's clip (device space), `clipKnown` false once a clip
 * could not be bounded.
 */
type State = {
  ctm: Float64Array;
  fill: Color;
  stroke: Color;
  fillAlpha: number;
  strokeAlpha: number;
  unmodelled: boolean;
  clip: Float64Array;
  clipKnown: boolean;
  /** The line width (user space), for the hairlines of printFindings.ts. */
  lineWidth: number;
};
function stateOf(
  ctm: Float64Array,
  fill: Color,
  stroke: Color,
  fillAlpha: number,
  strokeAlpha: number,
  unmodelled: boolean,
  clip: Float64Array,
  clipKnown: boolean,
  lineWidth: number,
): State {
  return { ctm, fill, stroke, fillAlpha, strokeAlpha, unmodelled, clip, clipKnown, lineWidth };
}
const copyOf = (s: State): State => stateOf(s.ctm, s.fill, s.stroke, s.fillAlpha, s.strokeAlpha, s.unmodelled, s.clip, s.clipKnown, s.lineWidth);

/** A pixel or paint whose channels differ by less than this (of 255) is grey: anti-aliasing, near-greys, CMYK greys. */
export const GREY_SPREAD = 24;
/** A pixel or paint darker than this (of 255) in any channel is ink. */
export const INK_BELOW = 250;

/**
 * Paint of `values` (0-1) in a color space of `type` as the report judges it without pixels: its
 * darkest channel and whether it is tinted; null when only pixels can tell (spaces other than grey,
 * RGB and CMYK, or CMYK with C, M or Y in it).
 */
export function paintOf(type: string, values: ArrayLike<number>): { min: number; tinted: boolean } | null {
  if (type === 'Gray') return { min: values[0], tinted: false };
  if (type === 'RGB' || type === 'BGR') {
    const min = Math.min(values[0], values[1], values[2]);
    return { min, tinted: (Math.max(values[0], values[1], values[2]) - min) * 255 >= GREY_SPREAD };
  }
  if (type === 'CMYK' && values[0] === 0 && values[1] === 0 && values[2] === 0) return { min: 1 - values[3], tinted: false };
  return null;
}
/** Device-space slack for MuPDF's single-precision bounds. */
const SLACK = 0.01;

class Unsure extends Error {}
function unsure(): never {
  throw new Unsure();
}

/**
 * Judges the paths painted straight in `bytes` (a page's content, streams joined) and returns
 * `{ content, ink }`: the content without them, and whether any of them is ink on the sheet as the
 * report's survey would see it; or null when not sure (see above).
 *   ctm        the page's transform (user space to MuPDF's device space)
 *   sheet      the page's bounds in device space [x0, y0, x1, y1]
 *   extGState  name => { fillAlpha, strokeAlpha } for a graphics state that only sets what is
 *              modelled here, or null for any other (or a missing one)
 *   colorSpace name => 'Gray', 'RGB' or 'CMYK' for a color space resource that is one of those
 *              (a device space, or ICC-based with 1, 3 or 4 components), or null
 */
export type LineworkOptions = {
  ctm: ArrayLike<number>;
  sheet: number[];
  extGState: (name: string) => { fillAlpha?: number; strokeAlpha?: number; lineWidth?: number } | null;
  colorSpace?: (name: string) => SpaceType | null;
};

export function lineworkOf(
  bytes: Uint8Array,
  { ctm, sheet, extGState, colorSpace = () => null }: LineworkOptions,
): { content: Uint8Array; ink: boolean; marks: Marks } | null {
  try {
    return new Scan(bytes, ctm, sheet, extGState, colorSpace).run();
  } catch (error) {
    if (error instanceof Unsure) return null;
    throw error;
  }
}

/** Operands kept per operator; no operator takes more than six. */
const MAX_OPERANDS = 16;
const NUMBER = 1;
const NAME = 2;
const OTHER = 3;

/** One pass over a content stream (a class, not closures, so its methods stay optimised from sheet to sheet). */
class Scan {
  bytes: Uint8Array;
  sheet: Float64Array;
  extGState: LineworkOptions['extGState'];
  colorSpace: NonNullable<LineworkOptions['colorSpace']>;
  cuts: number[];
  ink: boolean;
  doubtful: boolean;
  state: State;
  saved: State[];
  operandStart: Int32Array;
  operandEnd: Int32Array;
  operandKind: Uint8Array;
  operands: number;
  operandsFrom: number;
  pathOpen: boolean;
  pathRanges: number[];
  lastWasPath: boolean;
  pathClip: boolean;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  moveX: number;
  moveY: number;
  moveWaiting: boolean;
  closed: boolean;
  pathIsRectangle: boolean;
  /** The stroked lines judged here, counted for printFindings.ts. */
  marks: Marks;

  constructor(
    bytes: Uint8Array,
    ctm: ArrayLike<number>,
    [sx0, sy0, sx1, sy1]: number[],
    extGState: LineworkOptions['extGState'],
    colorSpace: NonNullable<LineworkOptions['colorSpace']>,
  ) {
    this.bytes = bytes;
    this.sheet = Float64Array.of(sx0, sy0, sx1, sy1);
    this.extGState = extGState;
    this.colorSpace = colorSpace;
    /** Byte ranges [start, end) to leave out, in order. */
    this.cuts = [];
    this.ink = false;
    /** Dark paint was left out whose place could not be judged: sure only if other ink is. */
    this.doubtful = false;
    // The clip starts at the sheet's edges: MuPDF may clip a page to its crop box.
    this.state = stateOf(Float64Array.from(ctm), BLACK, BLACK, 1, 1, false, Float64Array.of(sx0, sy0, sx1, sy1), true, 1);
    this.marks = noMarks();
    this.saved = [];

    // Operands since the last operator, as byte ranges read only when an operator needs them.
    this.operandStart = new Int32Array(MAX_OPERANDS);
    this.operandEnd = new Int32Array(MAX_OPERANDS);
    this.operandKind = new Uint8Array(MAX_OPERANDS);
    this.operands = 0;
    this.operandsFrom = -1;

    // The path being built: where its operators are, whether it is a clip, and its points' bounds in
    // device space (kept only while no ink is certain: after that, only colors are judged).
    this.pathOpen = false;
    /** Byte ranges of the open path's operators (with their operands), consecutive ones joined. */
    this.pathRanges = [];
    this.lastWasPath = false;
    this.pathClip = false;
    this.minX = Infinity;
    this.minY = Infinity;
    this.maxX = -Infinity;
    this.maxY = -Infinity;
    /** A moveto's point counts only once a segment follows it (MuPDF's bounds skip a lone moveto). */
    this.moveX = 0;
    this.moveY = 0;
    this.moveWaiting = false;
    /** The last operator closed the subpath (h). */
    this.closed = false;
    /** The open path is one rectangle (re, perhaps closed): the only clip whose area is its bounds. */
    this.pathIsRectangle = false;
  }

  /** Reads the stream through: `{ content, ink, marks }`, or throws Unsure. */
  run(): { content: Uint8Array; ink: boolean; marks: Marks } {
    const bytes = this.bytes;
    const length = bytes.length;
    let i = 0;
    while (i < length) {
      const c = bytes[i];
      const kind = CLASS[c];
      if (kind === WHITE) {
        i++;
        continue;
      }
      const start = i;
      if (c === 0x25 /* % */) {
        while (i < length && bytes[i] !== 10 && bytes[i] !== 13) i++;
        continue;
      }
      if (c === 0x2f /* / */) {
        i++;
        while (i < length && CLASS[bytes[i]] === REGULAR) i++;
        this.operand(start, i, NAME);
        continue;
      }
      if (c === 0x28 /* ( */ || c === 0x3c /* < */ || c === 0x5b /* [ */) {
        i = skipObject(bytes, i);
        this.operand(start, i, OTHER);
        continue;
      }
      if (kind === DELIMITS) unsure(); // ) > ] { }: not where an operand or operator starts
      while (i < length && CLASS[bytes[i]] === REGULAR) i++;
      if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) {
        this.operand(start, i, NUMBER);
        continue;
      }
      const size = i - start;
      if (size > 3) {
        // No operator is longer than three letters: true, false or null.
        this.operand(start, i, OTHER);
        continue;
      }
      const op = bytes[start] | (size > 1 ? bytes[start + 1] << 8 : 0) | (size > 2 ? bytes[start + 2] << 16 : 0);
      this.lastWasPath = this.operator(op, this.operands === 0 ? start : this.operandsFrom, i);
      this.operands = 0;
    }
    if (this.pathOpen) unsure();
    if (!this.ink && this.doubtful) unsure();
    return { content: withoutCuts(bytes, this.cuts), ink: this.ink, marks: this.marks };
  }

  operand(start: number, end: number, kind: number): void {
    const n = this.operands;
    if (n === 0) this.operandsFrom = start;
    if (n < MAX_OPERANDS) {
      this.operandStart[n] = start;
      this.operandEnd[n] = end;
      this.operandKind[n] = kind;
    }
    this.operands = n + 1;
  }

  /** Checks the operator has exactly `count` operands, all numbers. */
  numbers(count: number): void {
    if (this.operands !== count) unsure();
    for (let k = 0; k < count; k++) if (this.operandKind[k] !== NUMBER) unsure();
  }

  num(k: number): number {
    return numberAt(this.bytes, this.operandStart[k], this.operandEnd[k]);
  }

  /** Operand `k` as a name (without its slash), or null. */
  name(k: number): string | null {
    if (this.operands <= k || this.operandKind[k] !== NAME) return null;
    return String.fromCharCode(...this.bytes.subarray(this.operandStart[k] + 1, this.operandEnd[k]));
  }

  /** Whether operand `k` is the name spelt by `spelling` (its character codes). */
  nameIs(k: number, spelling: readonly number[]): boolean {
    if (this.operandKind[k] !== NAME || this.operandEnd[k] - this.operandStart[k] - 1 !== spelling.length) return false;
    const from = this.operandStart[k] + 1;
    for (let j = 0; j < spelling.length; j++) if (this.bytes[from + j] !== spelling[j]) return false;
    return true;
  }

  /** Handles one operator; whether it builds the open path (then the next one's range may join it). */
  operator(op: number, opStart: number, end: number): boolean {
    const state = this.state;
    // Anything else inside a path (text, a form, marked content…): MuPDF's order of things decides.
    if (this.pathOpen && !WITHIN_PATH.has(op)) unsure();
    switch (op) {
      case OP.m:
      case OP.re:
      case OP.l:
      case OP.c:
      case OP.v:
      case OP.y:
      case OP.h:
        this.pathOperator(op, opStart, end);
        return true;
      case OP.W:
      case OP['W*']:
        if (!this.pathOpen) unsure();
        // A path only now known to be a clip: its points were skipped while ink was certain.
        if (this.ink && !this.pathClip) state.clipKnown = false;
        this.pathClip = true;
        this.pathRange(opStart, end);
        return true;
      case OP.S:
      case OP.s:
      case OP.f:
      case OP.F:
      case OP['f*']:
      case OP.B:
      case OP['B*']:
      case OP.b:
      case OP['b*']:
      case OP.n:
        this.paint(op, opStart, end);
        return false;
      case OP.q:
        this.saved.push(state);
        this.state = copyOf(state);
        return false;
      case OP.Q:
        // One Q too many: MuPDF has its own way with it.
        if (this.saved.length === 0) unsure();
        this.state = this.saved.pop() as State;
        return false;
      case OP.cm: {
        this.numbers(6);
        const m = new Float64Array(6);
        for (let k = 0; k < 6; k++) m[k] = this.num(k);
        const t = state.ctm;
        state.ctm = Float64Array.of(
          m[0] * t[0] + m[1] * t[2],
          m[0] * t[1] + m[1] * t[3],
          m[2] * t[0] + m[3] * t[2],
          m[2] * t[1] + m[3] * t[3],
          m[4] * t[0] + m[5] * t[2] + t[4],
          m[4] * t[1] + m[5] * t[3] + t[5],
        );
        return false;
      }
      case OP.gs: {
        const name = this.operands === 1 ? this.name(0) : null;
        const gs = name === null ? null : this.extGState(name);
        if (!gs) state.unmodelled = true;
        else {
          if (gs.fillAlpha !== undefined) state.fillAlpha = gs.fillAlpha;
          if (gs.strokeAlpha !== undefined) state.strokeAlpha = gs.strokeAlpha;
          if (gs.lineWidth !== undefined) state.lineWidth = gs.lineWidth;
        }
        return false;
      }
      case OP.w:
        this.numbers(1);
        state.lineWidth = this.num(0);
        return false;
      case OP.BDC:
        // Optional content may hide what follows; MuPDF decides that.
        if (this.name(0) === 'OC') unsure();
        return false;
      case OP.Tr:
        // Text as a clip (modes 4-7) would bound the paths after it.
        this.numbers(1);
        if (!(this.num(0) < 4)) unsure();
        return false;
      case OP.BI:
      case OP.d0:
      case OP.d1:
        unsure();
        return false;
      default: {
        const color = COLOR_OPERATORS.get(op);
        if (color) state[color.paint] = color.set === 'space' ? this.space() : color.set === 'values' ? this.values(state[color.paint]) : this.color(color.set);
        return false;
      }
    }
  }

  pathRange(opStart: number, end: number): void {
    if (this.lastWasPath) this.pathRanges[this.pathRanges.length - 1] = end;
    else this.pathRanges.push(opStart, end);
  }

  /** m, re, l, c, v, y or h. */
  pathOperator(op: number, opStart: number, end: number): void {
    if (!this.pathOpen) {
      // A path starts with a moveto or a rectangle; anything else MuPDF repairs its own way.
      if (op !== OP.m && op !== OP.re) unsure();
      this.pathOpen = true;
      this.pathClip = false;
      this.minX = this.minY = Infinity;
      this.maxX = this.maxY = -Infinity;
      this.moveWaiting = false;
      this.pathIsRectangle = op === OP.re;
    } else if (op !== OP.h) this.pathIsRectangle = false;
    const closing = op === OP.h;
    // Closing a lone moveto: MuPDF drops its point.
    if (closing && this.moveWaiting) unsure();
    this.pathRange(opStart, end);
    if (op === OP.m) {
      this.numbers(2);
      if (!this.ink) {
        this.moveX = this.num(0);
        this.moveY = this.num(1);
        this.moveWaiting = true;
      }
    } else if (op === OP.re) {
      this.numbers(4);
      this.moveWaiting = false;
      if (!this.ink) {
        const x = this.num(0);
        const y = this.num(1);
        const w = this.num(2);
        const h = this.num(3);
        this.point(x, y);
        this.point(x + w, y);
        this.point(x + w, y + h);
        this.point(x, y + h);
      }
    } else if (op === OP.l) this.segmentTo(2, 0);
    else if (op === OP.c) this.segmentTo(6, 4);
    else if (op === OP.v || op === OP.y) this.segmentTo(4, 2);
    else if (this.operands !== 0) unsure();
    this.closed = closing;
  }

  /** A segment's end (operands `k`, `k`+1), after the moveto it starts from. */
  segmentTo(count: number, k: number): void {
    this.numbers(count);
    // Where a segment straight after a closepath starts, MuPDF has its own idea.
    if (this.closed) unsure();
    if (this.ink && !this.pathClip) return;
    if (this.moveWaiting) {
      this.point(this.moveX, this.moveY);
      this.moveWaiting = false;
    }
    this.point(this.num(k), this.num(k + 1));
  }

  point(x: number, y: number): void {
    const m = this.state.ctm;
    const px = x * m[0] + y * m[2] + m[4];
    const py = x * m[1] + y * m[3] + m[5];
    if (px < this.minX) this.minX = px;
    if (px > this.maxX) this.maxX = px;
    if (py < this.minY) this.minY = py;
    if (py > this.maxY) this.maxY = py;
  }

  /** A painting operator: a clip stays for MuPDF, other paint is judged and left out. */
  paint(op: number, opStart: number, end: number): void {
    if (!this.pathOpen) return; // paints nothing: left for MuPDF
    this.pathOpen = false;
    const state = this.state;
    if (this.pathClip) {
      // The clip bounds what MuPDF keeps of the rest; what it paints is judged there. Only a
      // rectangle's bounds are its area: a clip of any other shape (a line has none) is not modelled.
      if (this.pathIsRectangle && this.minX <= this.maxX) state.clip = intersect(state.clip, this.minX, this.minY, this.maxX, this.maxY);
      else state.clipKnown = false;
    } else {
      const fills = op !== OP.S && op !== OP.s && op !== OP.n;
      const strokes = op === OP.S || op === OP.s || op === OP.B || op === OP['B*'] || op === OP.b || op === OP['b*'];
      if (fills) this.judgePaint(state.fill, state.fillAlpha);
      if (strokes) {
        this.judgePaint(state.stroke, state.strokeAlpha);
        if (state.strokeAlpha > 0) {
          const m = state.ctm;
          countStroke(this.marks, state.lineWidth, expansion(m[0], m[1], m[2], m[3]));
          if (isLight(state.stroke.type, state.stroke.values)) this.marks.light++;
        }
      }
      const ranges = this.pathRanges;
      for (let r = 0; r < ranges.length; r += 2) cut(this.cuts, this.bytes, ranges[r], ranges[r + 1]);
      cut(this.cuts, this.bytes, opStart, end);
    }
    this.pathRanges.length = 0;
  }

  /**
   * One paint of the path just closed, as survey() judges a display-list call: not seen when its
   * alpha is zero; colored (unsure here) when its channels spread; ink when darker than INK_BELOW and
   * its bounds reach into the sheet.
   */
  judgePaint(paint: Color, alpha: number): void {
    const state = this.state;
    if (state.unmodelled) unsure();
    if (alpha <= 0) return;
    // Colored paint, or paint only pixels can judge (or a color not yet set): the sheet is to be rendered.
    const judged = paint.type === null || paint.values === null ? null : paintOf(paint.type, paint.values);
    if (!judged || judged.tinted) unsure();
    if (this.ink || judged.min * 255 >= INK_BELOW) return;
    // MuPDF's bounds of the path hold these points' bounds; the display list keeps a call when its
    // bounds meet the clip's, and survey() counts it when its bounds reach into the sheet.
    const { minX, minY, maxX, maxY } = this;
    const [sx0, sy0, sx1, sy1] = this.sheet;
    const kept = state.clipKnown && overlaps(state.clip, minX, minY, maxX, maxY);
    const onSheet = maxX > sx0 + SLACK && minX < sx1 - SLACK && maxY > sy0 + SLACK && minY < sy1 - SLACK;
    if (minX <= maxX && kept && onSheet) this.ink = true;
    else this.doubtful = true;
  }

  /** g, rg or k (and their stroke forms): a color in a device space of `type`. */
  color(type: SpaceType): Color {
    const count = CHANNELS[type];
    this.numbers(count);
    const values = new Float64Array(count);
    for (let k = 0; k < count; k++) {
      const value = this.num(k);
      if (!(value >= 0 && value <= 1)) unsure();
      values[k] = value;
    }
    return { type, values };
  }

  /**
   * cs or CS: a device space starts at its initial color. A named resource that is grey, RGB or CMYK
   * is judged as those once sc or scn sets its color (its initial color is MuPDF's business); any
   * other space is not judged here.
   */
  space(): Color {
    if (this.operands !== 1) return UNKNOWN_COLOR;
    const space = SPACES.find((known) => this.nameIs(0, known.bytes));
    if (space) return { type: space.type, values: space.initial };
    const name = this.name(0);
    const type = name === null ? null : this.colorSpace(name);
    return type === 'Gray' || type === 'RGB' || type === 'CMYK' ? { type, values: null } : UNKNOWN_COLOR;
  }

  /** sc, scn, SC or SCN in the `current` color's space. */
  values(current: Color): Color {
    if (current.type === null) return UNKNOWN_COLOR;
    const count = CHANNELS[current.type];
    if (this.operands !== count) return UNKNOWN_COLOR;
    for (let k = 0; k < count; k++) if (this.operandKind[k] !== NUMBER) return UNKNOWN_COLOR;
    return this.color(current.type);
  }
}

/** Index after the string, hex string, dictionary or array starting at `i`. */
function skipObject(bytes: Uint8Array, i: number): number {
  const length = bytes.length;
  let depth = 0;
  do {
    const c = bytes[i];
    if (c === 0x28 /* ( */) {
      let parens = 1;
      i++;
      while (i < length && parens > 0) {
        const s = bytes[i];
        if (s === 0x5c /* \ */) i += 2;
        else {
          if (s === 0x28) parens++;
          else if (s === 0x29) parens--;
          i++;
        }
      }
      if (parens > 0) unsure();
    } else if (c === 0x3c /* < */ && bytes[i + 1] === 0x3c) {
      depth++;
      i += 2;
    } else if (c === 0x3e /* > */ && bytes[i + 1] === 0x3e) {
      depth--;
      i += 2;
    } else if (c === 0x3c) {
      i++;
      while (i < length && bytes[i] !== 0x3e) i++;
      if (i >= length) unsure();
      i++;
    } else if (c === 0x5b /* [ */) {
      depth++;
      i++;
    } else if (c === 0x5d /* ] */) {
      depth--;
      i++;
    } else if (c === 0x25 /* % */) {
      while (i < length && bytes[i] !== 10 && bytes[i] !== 13) i++;
    } else if (c === 0x7b || c === 0x7d || c === 0x29 || c === 0x3e) unsure();
    else i++;
    if (depth < 0) unsure();
  } while (depth > 0 && i < length);
  if (depth !== 0) unsure();
  return i;
}

/** Whether two rectangles share some area (with SLACK to spare). */
function overlaps([x0, y0, x1, y1]: Float64Array, a: number, b: number, c: number, d: number): boolean {
  return Math.min(x1, c) - Math.max(x0, a) > SLACK && Math.min(y1, d) - Math.max(y0, b) > SLACK;
}

function intersect([x0, y0, x1, y1]: Float64Array, a: number, b: number, c: number, d: number): Float64Array {
  return Float64Array.of(Math.max(x0, a), Math.max(y0, b), Math.min(x1, c), Math.min(y1, d));
}

/** Adds [start, end) to the ordered cuts, joining it to the last when only whitespace lies between. */
function cut(cuts: number[], bytes: Uint8Array, start: number, end: number): void {
  const last = cuts.length - 1;
  if (last > 0) {
    let between = cuts[last];
    while (between < start && CLASS[bytes[between]] === WHITE) between++;
    if (between === start) {
      cuts[last] = end;
      return;
    }
  }
  cuts.push(start, end);
}

/** The PDF number in bytes [start, end): digits with an optional sign and point. */
function numberAt(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  let sign = 1;
  if (bytes[i] === 0x2d) {
    sign = -1;
    i++;
  } else if (bytes[i] === 0x2b) i++;
  let value = 0;
  let digits = 0;
  while (i < end && bytes[i] >= 0x30 && bytes[i] <= 0x39) {
    value = value * 10 + (bytes[i++] - 0x30);
    digits++;
  }
  if (i < end && bytes[i] === 0x2e) {
    i++;
    let scale = 1;
    while (i < end && bytes[i] >= 0x30 && bytes[i] <= 0x39) {
      value = value * 10 + (bytes[i++] - 0x30);
      scale *= 10;
      digits++;
    }
    value /= scale;
  }
  if (i !== end || digits === 0) unsure();
  return sign * value;
}

/** `bytes` without the cut ranges, each cut leaving a newline so the tokens either side stay apart. */
function withoutCuts(bytes: Uint8Array, cuts: number[]): Uint8Array {
  if (cuts.length === 0) return bytes;
  const pieces: Uint8Array[] = [];
  let from = 0;
  let size = 0;
  for (let r = 0; r < cuts.length; r += 2) {
    if (cuts[r] > from) {
      pieces.push(bytes.subarray(from, cuts[r]));
      size += cuts[r] - from + 1;
    }
    from = Math.max(from, cuts[r + 1]);
  }
  pieces.push(bytes.subarray(from));
  size += bytes.length - from;
  const out = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
    if (at < size) out[at++] = 10;
  }
  return out;
}
