/** Where a sheet lands on its paper: 100% or 50%, centred, turned to the paper, for every /Rotate. */
import { describe, expect, it } from 'vitest';
import { apply, fitScale, placeSheet, readingFrame, type Matrix } from './placement';

const ARCH_D_PAPER = { w: 24 * 72, h: 36 * 72 };

/** The placed sheet's box on the paper: its four corners through the matrix. */
function placedBox(m: Matrix, box: [number, number, number, number]) {
  const [x0, y0, x1, y1] = box;
  const pts = [apply(m, x0, y0), apply(m, x1, y0), apply(m, x0, y1), apply(m, x1, y1)];
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

describe('placeSheet', () => {
  it('turns a landscape ARCH D sheet onto portrait 24" x 36" paper at 100%, filling it exactly', () => {
    const box: [number, number, number, number] = [0, 0, 2592, 1728];
    const m = placeSheet({ box, rotate: 0 }, ARCH_D_PAPER.w, ARCH_D_PAPER.h, 1);
    expect(placedBox(m, box)).toEqual({ x0: 0, y0: 0, x1: 1728, y1: 2592 });
    // A quarter turn: the scale stays 1 (the matrix's columns have length 1).
    expect(Math.hypot(m[0], m[1])).toBe(1);
    expect(Math.hypot(m[2], m[3])).toBe(1);
  });

  it('centres an ANSI D sheet with an even margin, never enlarged', () => {
    const box: [number, number, number, number] = [0, 0, 34 * 72, 22 * 72];
    const b = placedBox(placeSheet({ box, rotate: 0 }, ARCH_D_PAPER.w, ARCH_D_PAPER.h, 1), box);
    expect(b).toEqual({ x0: 72, y0: 72, x1: 23 * 72, y1: 35 * 72 });
  });

  it('puts a half-size set at exactly 50% on 12" x 18"', () => {
    const box: [number, number, number, number] = [0, 0, 2592, 1728];
    const m = placeSheet({ box, rotate: 0 }, 12 * 72, 18 * 72, 0.5);
    expect(placedBox(m, box)).toEqual({ x0: 0, y0: 0, x1: 864, y1: 1296 });
    expect(Math.hypot(m[0], m[1])).toBe(0.5);
  });

  it.each([0, 90, 180, 270, -90, 450])('keeps the sheet upright as shown with /Rotate %i and an offset box', (rotate) => {
    // A portrait page (1728 x 2592 in its own space) shown landscape when rotated 90/270.
    const box: [number, number, number, number] = [100, 50, 100 + 1728, 50 + 2592];
    const m = placeSheet({ box, rotate }, ARCH_D_PAPER.w, ARCH_D_PAPER.h, 1);
    expect(placedBox(m, box)).toEqual({ x0: 0, y0: 0, x1: 1728, y1: 2592 });
  });

  it('shows the sheet as its /Rotate does: the top-left corner as displayed stays top-left', () => {
    // /Rotate 90 on a landscape-in-its-space page shows it portrait with its left edge on top.
    const box: [number, number, number, number] = [0, 0, 2592, 1728];
    const m = placeSheet({ box, rotate: 90 }, ARCH_D_PAPER.w, ARCH_D_PAPER.h, 1);
    // Shown clockwise by 90: the page's top-left (0, 1728) is shown top-right.
    expect(apply(m, 0, 1728)).toEqual([1728, 2592]);
  });

  it('lets a sheet slightly larger than the paper overhang evenly instead of shrinking it', () => {
    const box: [number, number, number, number] = [0, 0, 36.1 * 72, 24.1 * 72];
    const m = placeSheet({ box, rotate: 0 }, ARCH_D_PAPER.w, ARCH_D_PAPER.h, 1);
    const b = placedBox(m, box);
    expect(b.x1 - b.x0).toBeCloseTo(24.1 * 72, 6);
    expect(b.x0).toBeCloseTo(-3.6, 6);
  });

  it('fits a sheet to a paper the customer chose (not to scale)', () => {
    expect(fitScale({ box: [0, 0, 42 * 72, 30 * 72], rotate: 0 }, 1728, 2592)).toBeCloseTo(24 / 30, 9);
  });
});

describe('readingFrame', () => {
  it("turns with a landscape sheet placed on portrait paper: the drawing's bottom edge is the paper's left edge", () => {
    const sheet = { box: [0, 0, 2592, 1728] as [number, number, number, number], rotate: 0 };
    const frame = readingFrame(sheet, 792, 1224);
    expect([frame.w, frame.h]).toEqual([1224, 792]);
    // The frame's bottom edge runs down the paper's left edge, top to bottom.
    expect(apply(frame.matrix, 0, 0)).toEqual([0, 1224]);
    expect(apply(frame.matrix, 1224, 0)).toEqual([0, 0]);
    expect(apply(frame.matrix, 0, 792)).toEqual([792, 1224]);
    // So does the placed drawing's bottom edge, inside the 0.5" margin: text along it reads as the drawing does.
    const placed = placeSheet(sheet, 792, 1224, fitScale(sheet, 720, 1152));
    const [leftX, leftY] = apply(placed, 0, 0);
    const [rightX, rightY] = apply(placed, 2592, 0);
    expect(leftX).toBeCloseTo(36, 6);
    expect(rightX).toBeCloseTo(36, 6);
    expect(leftY).toBeGreaterThan(rightY);
  });

  it("stays the paper itself when the sheet lies the paper's way, /Rotate included", () => {
    expect(readingFrame({ box: [0, 0, 1728, 2592], rotate: 0 }, 792, 1224)).toEqual({ w: 792, h: 1224, matrix: [1, 0, 0, 1, 0, 0] });
    expect(readingFrame({ box: [0, 0, 2592, 1728], rotate: 90 }, 792, 1224).matrix).toEqual([1, 0, 0, 1, 0, 0]);
  });
});
