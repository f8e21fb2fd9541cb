/**
 * Where a sheet goes on its paper: the matrix that turns the sheet's own page space into the
 * paper's, at a fixed scale (100%, or exactly 50% for a half-size set), turned to the paper's
 * orientation and centred. Pure: no MuPDF here, so every case is a unit test.
 */

/** A PDF matrix [a b c d e f]: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = [number, number, number, number, number, number];

/** The part of a source page that is the sheet: its box (points) and its /Rotate (clockwise). */
export type SheetBox = { box: [number, number, number, number]; rotate: number };

/** `m1` then `m2` (PDF's row-vector order: a point goes through m1 first). */
export function concat(m1: Matrix, m2: Matrix): Matrix {
  const [a1, b1, c1, d1, e1, f1] = m1;
  const [a2, b2, c2, d2, e2, f2] = m2;
  return [a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2, e1 * a2 + f1 * c2 + e2, e1 * b2 + f1 * d2 + f2];
}

/** Turns a box of `w` x `h` at the origin clockwise by `degrees` (0, 90, 180, 270), keeping it at the origin. */
function turn(degrees: number, w: number, h: number): Matrix {
  switch (degrees) {
    case 90:
      return [0, -1, 1, 0, 0, w];
    case 180:
      return [-1, 0, 0, -1, w, h];
    case 270:
      return [0, 1, -1, 0, h, 0];
    default:
      return [1, 0, 0, 1, 0, 0];
  }
}

/** A page's /Rotate as one of 0, 90, 180, 270 (PDF allows any multiple of 90, negative too). */
export function normalRotate(rotate: number): number {
  const r = (((Math.round(rotate / 90) * 90) % 360) + 360) % 360;
  return r;
}

/**
 * The matrix that places `sheet` on a paper of `paperW` x `paperH` points at `scale` (1 = 100%),
 * centred, turned a quarter when the sheet as displayed (its /Rotate applied) lies the other way
 * from the paper. A sheet larger than the paper overhangs evenly and is clipped by the page: it is
 * never made smaller to fit.
 */
export function placeSheet(sheet: SheetBox, paperW: number, paperH: number, scale: number): Matrix {
  const [x0, y0, x1, y1] = sheet.box;
  const w = x1 - x0;
  const h = y1 - y0;
  const rotate = normalRotate(sheet.rotate);
  const [shownW, shownH] = rotate % 180 ? [h, w] : [w, h];
  const across = shownW !== shownH && shownW > shownH !== paperW > paperH;
  const total = (rotate + (across ? 90 : 0)) % 360;
  const [finalW, finalH] = total % 180 ? [h, w] : [w, h];
  let m: Matrix = [1, 0, 0, 1, -x0, -y0];
  m = concat(m, turn(total, w, h));
  m = concat(m, [scale, 0, 0, scale, (paperW - scale * finalW) / 2, (paperH - scale * finalH) / 2]);
  return m;
}

/**
 * The frame the sheet reads upright in on the paper (its /Rotate applied, as placeSheet turns it):
 * its size, and the matrix from it to the paper's space. Text drawn in it (a reduced set's margin
 * mark) reads the way the drawing does.
 */
export function readingFrame(sheet: SheetBox, paperW: number, paperH: number): { w: number; h: number; matrix: Matrix } {
  const [x0, y0, x1, y1] = sheet.box;
  const rotate = normalRotate(sheet.rotate);
  const [shownW, shownH] = rotate % 180 ? [y1 - y0, x1 - x0] : [x1 - x0, y1 - y0];
  const across = shownW !== shownH && shownW > shownH !== paperW > paperH;
  if (!across) return { w: paperW, h: paperH, matrix: [1, 0, 0, 1, 0, 0] };
  return { w: paperH, h: paperW, matrix: turn(90, paperH, paperW) };
}

/** The scale that fits a sheet inside a paper (a paper the customer chose: printed not to scale). */
export function fitScale(sheet: SheetBox, paperW: number, paperH: number): number {
  const [x0, y0, x1, y1] = sheet.box;
  const a = Math.min(x1 - x0, y1 - y0);
  const b = Math.max(x1 - x0, y1 - y0);
  return Math.min(Math.min(paperW, paperH) / a, Math.max(paperW, paperH) / b);
}

/** Where a point of the sheet lands. */
export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}
