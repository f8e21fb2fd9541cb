// Color and ink on a sheet: one pass over its paint calls (survey) decides whether pixels are needed
// at all, and the sheet's render at ANALYSIS_DPI measures how much of it colored ink covers.
import * as mupdf from 'mupdf';
import { GREY_SPREAD, INK_BELOW, paintOf } from './linework';
import { releaseBorrowed } from './mupdfAdapter';
import { countStroke, expansion, isLight, type Marks } from './printFindings';

/** [x0, y0, x1, y1] */
export type Rect = [number, number, number, number];

/**
 * Resolution of the analysis render. At 20 dpi a 0.5 pt line covers 14% of a pixel's width, enough
 * for its color to clear the near-grey threshold below, while a 24" x 36" sheet is only 720 x 480
 * pixels to scan. MuPDF renders straight at this size with area anti-aliasing, so a thin line's ink
 * is spread, not dropped (rendering larger and averaging down would only dilute it further).
 */
export const ANALYSIS_DPI = 20;
/**
 * Where only pixels can judge color (images, shadings, spot colors), a sheet is color when colored
 * ink covers at least this fraction of it (0.05%): a scan's stray tint or yellowed paper is no color.
 * Colored paths and text (colored paint that the pass over the paint calls sees) make a sheet color
 * however little of it they cover, once visibleColor() sees them on the printed sheet.
 */
export const COLOR_SHARE = 0.0005;
/**
 * The finest resolution visibleColor() renders at: at 72 dpi a 0.5 pt line is half a pixel wide, so
 * even split across two pixels its color tints each far past GREY_SPREAD.
 */
export const VISIBLE_DPI = 72;
/** visibleColor() renders at most this many pixels (a whole 30" x 42" sheet at about 56 dpi). */
const VISIBLE_PIXELS = 4_000_000;

/**
 * Colored ink and any ink in an RGB render: `inked` pixels, and `color`, the colored pixels
 * counted by how much ink each holds ((255 - its darkest channel) / 255), so a thin red line that
 * tints a pixel counts as the fraction of the pixel it covers, and a solid blue block as whole pixels.
 */
export function inkOf(pixels: Uint8ClampedArray | Uint8Array): { inked: number; color: number } {
  let inked = 0;
  let color = 0;
  for (let p = 0; p < pixels.length; p += 3) {
    const r = pixels[p];
    const g = pixels[p + 1];
    const b = pixels[p + 2];
    // Paper: neither ink nor color. Most of a sheet's pixels; skipping them halves the scan.
    if ((r & g & b) === 255) continue;
    const max = r > g ? (r > b ? r : b) : g > b ? g : b;
    const min = r < g ? (r < b ? r : b) : g < b ? g : b;
    if (min < INK_BELOW) inked++;
    if (max - min >= GREY_SPREAD) color += 255 - min;
  }
  return { inked, color: color / 255 };
}

/**
 * The pixel rectangle MuPDF renders `rect` (device space) into: its edges rounded outwards, with a
 * thousandth of a pixel's tolerance (fz_round_rect).
 */
export function pixelRect([x0, y0, x1, y1]: readonly number[]): Rect {
  return [Math.floor(x0 + 0.001), Math.floor(y0 + 0.001), Math.ceil(x1 - 0.001), Math.ceil(y1 - 0.001)];
}

/**
 * The share of the sheet colored ink covers, and whether any pixel is ink, from its render at
 * ANALYSIS_DPI. When `only` (the bounds of every colored paint, device space) is given, just that part
 * is rendered: a pixel can be colored only where colored paint fell, and MuPDF draws each pixel the
 * same whatever part of the sheet it renders, so the share is the same for a fraction of the work
 * (a red revision cloud on black linework). Then null when that part holds no ink, since only the
 * whole sheet can say whether the rest does.
 */
export function colorOf(
  list: mupdf.DisplayList,
  bounds: readonly number[],
  only: readonly number[] | null,
  /** Handed the render of the whole sheet (not when `only`), before it is freed: the preview may be made from it. */
  whole?: (pixmap: mupdf.Pixmap) => void,
): { inked: boolean; colorShare: number } | null {
  const scale = ANALYSIS_DPI / 72;
  const matrix = mupdf.Matrix.scale(scale, scale);
  const sheet = pixelRect(bounds.map((v) => v * scale));
  let sheetPixels = (sheet[2] - sheet[0]) * (sheet[3] - sheet[1]);
  let pixmap: mupdf.Pixmap;
  if (only) {
    // Two pixels to spare for anti-aliasing beyond a paint's bounds, within the sheet's render.
    const [a, b, c, d] = pixelRect(only.map((v) => v * scale));
    const part: Rect = [Math.max(sheet[0], a - 2), Math.max(sheet[1], b - 2), Math.min(sheet[2], c + 2), Math.min(sheet[3], d + 2)];
    if (part[2] <= part[0] || part[3] <= part[1]) return null;
    pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, part, false);
    try {
      pixmap.clear(255);
      const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
      try {
        list.run(device, matrix);
        device.close();
      } finally {
        device.destroy();
      }
    } catch (error) {
      pixmap.destroy();
      throw error;
    }
  } else {
    pixmap = list.toPixmap(matrix, mupdf.ColorSpace.DeviceRGB, false);
    sheetPixels = pixmap.getWidth() * pixmap.getHeight();
  }
  let ink: { inked: number; color: number };
  try {
    ink = inkOf(pixmap.getPixels());
    if (!only) whole?.(pixmap);
  } finally {
    pixmap.destroy();
  }
  if (only && ink.inked === 0) return null;
  return { inked: ink.inked > 0, colorShare: sheetPixels > 0 ? ink.color / sheetPixels : 0 };
}

/** Whether any pixel of an RGB render is colored: its channels spread by GREY_SPREAD or more (inkOf's rule). */
export function anyColored(pixels: Uint8ClampedArray | Uint8Array): boolean {
  return inkOf(pixels).color > 0;
}

/**
 * Whether colored paint within `area` (device space: the bounds survey() found for colored paint) is
 * visible on the printed sheet: that part of the sheet, rendered as fine as VISIBLE_DPI allows within
 * VISIBLE_PIXELS, has at least one colored pixel. A hairline of red markup is found however thin;
 * colored paint clipped away (model space beyond a viewport), covered or off the sheet is not.
 */
export function visibleColor(list: mupdf.DisplayList, bounds: readonly number[], area: readonly number[]): boolean {
  const x0 = Math.max(bounds[0], area[0]);
  const y0 = Math.max(bounds[1], area[1]);
  const x1 = Math.min(bounds[2], area[2]);
  const y1 = Math.min(bounds[3], area[3]);
  if (x1 <= x0 || y1 <= y0) return false;
  const points = (x1 - x0) * (y1 - y0);
  const dpi = Math.min(VISIBLE_DPI, 72 * Math.sqrt(VISIBLE_PIXELS / points));
  const scale = dpi / 72;
  const [a, b, c, d] = pixelRect([x0 * scale, y0 * scale, x1 * scale, y1 * scale]);
  const part: Rect = [a - 1, b - 1, c + 1, d + 1];
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, part, false);
  try {
    pixmap.clear(255);
    const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
    try {
      list.run(device, mupdf.Matrix.scale(scale, scale));
      device.close();
    } finally {
      device.destroy();
    }
    return anyColored(pixmap.getPixels());
  } finally {
    pixmap.destroy();
  }
}

/** Bounds of an image placed by `ctm` (it maps the unit square onto the page). */
function placedBounds([a, b, c, d, e, f]: mupdf.Matrix): Rect {
  const xs = [e, a + e, c + e, a + c + e];
  const ys = [f, b + f, d + f, b + d + f];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export type Survey = {
  /** Some paint darker than INK_BELOW reaches the sheet. */
  ink: boolean;
  /** Some paint is not grey. */
  tinted: boolean;
  /** Something was painted that only pixels can judge. */
  unsure: boolean;
  /** The bounds of all colored paint (device space), for colorOf(). */
  tintedBounds: Rect | null;
};

/**
 * One pass over a sheet's display list (or over the page itself: `source` is either) that sees every
 * paint call's color without rendering:
 * `ink` (some paint darker than INK_BELOW reaches the sheet) and `tinted` (some paint is not grey).
 * `unsure` when it painted what only pixels can judge: images, shadings, soft masks, blend modes,
 * spot and indexed colors, or CMYK with C, M or Y in it.
 *
 * With `marks`, it counts each stroked line and text run into them (printFindings.ts): one pass
 * serves both.
 *
 * Each wrapper MuPDF hands the device is released before the callback returns: paths in a display
 * list live in the list's own memory, and must not be released after it is gone.
 */
export function survey(source: mupdf.DisplayList | mupdf.Page, [x0, y0, x1, y1]: readonly number[], marks?: Marks): Survey {
  const seen: Survey = { ink: false, tinted: false, unsure: false, tintedBounds: null };
  // A color space's kind by its MuPDF pointer: the same few spaces come back on every call.
  const types = new Map<number, string>();
  const onSheet = ([a, b, c, d]: readonly number[]) => c > x0 && a < x1 && d > y0 && b < y1;
  /**
   * Paint of this color: notes doubt; when it is colored, or dark while no ink is known yet, asks
   * for its bounds (`boundsOf`) to note where color is and whether it is ink on the sheet.
   */
  const typeOf = (space: mupdf.ColorSpace) => {
    const pointer = space.pointer as number;
    let type = types.get(pointer);
    if (type === undefined) types.set(pointer, (type = space.getType()));
    return type;
  };
  const note = (space: mupdf.ColorSpace, color: number[], alpha: number, boundsOf: () => readonly number[]) => {
    if (alpha <= 0) return;
    const type = typeOf(space);
    const judged = paintOf(type, color);
    if (!judged) {
      seen.unsure = true;
      return;
    }
    const dark = !seen.ink && judged.min * 255 < INK_BELOW;
    if (!judged.tinted && !dark) return;
    const bounds = boundsOf();
    if (judged.tinted) {
      seen.tinted = true;
      const [a, b, c, d] = bounds;
      const t = seen.tintedBounds;
      seen.tintedBounds = t ? [Math.min(t[0], a), Math.min(t[1], b), Math.max(t[2], c), Math.max(t[3], d)] : [a, b, c, d];
    }
    if (dark && onSheet(bounds)) seen.ink = true;
  };
  /** A path or text filled (`stroke` null) or stroked; `text` for text. */
  const paint = (
    shape: mupdf.Path | mupdf.Text,
    stroke: mupdf.StrokeState | null,
    ctm: mupdf.Matrix,
    space: mupdf.ColorSpace,
    color: number[],
    alpha: number,
    text = false,
  ) => {
    // A fill's bounds take no stroke: MuPDF.js accepts null there, though its types ask for a StrokeState.
    note(space, color, alpha, () => shape.getBounds(stroke as mupdf.StrokeState, ctm));
    // Linework (stroked paths) and text, for printFindings.ts; a filled path is neither.
    if (marks && alpha > 0 && (text || stroke)) {
      if (text) marks.texts++;
      else if (stroke) countStroke(marks, stroke.getLineWidth(), expansion(ctm[0], ctm[1], ctm[2], ctm[3]));
      if (isLight(typeOf(space), color)) marks.light++;
    }
    shape.destroy();
    stroke?.destroy();
    space.destroy();
  };
  const device = new mupdf.Device({
    fillPath: (path, _evenOdd, ctm, space, color, alpha) => paint(path, null, ctm, space, color, alpha),
    strokePath: (path, stroke, ctm, space, color, alpha) => paint(path, stroke, ctm, space, color, alpha),
    fillText: (text, ctm, space, color, alpha) => paint(text, null, ctm, space, color, alpha, true),
    strokeText: (text, stroke, ctm, space, color, alpha) => paint(text, stroke, ctm, space, color, alpha, true),
    fillImageMask(image, ctm, space, color, alpha) {
      releaseBorrowed(image);
      note(space, color, alpha, () => placedBounds(ctm));
      space.destroy();
    },
    fillImage(image) {
      releaseBorrowed(image);
      seen.unsure = true;
    },
    fillShade(shade) {
      releaseBorrowed(shade);
      seen.unsure = true;
    },
    beginMask(_area, _luminosity, space) {
      space.destroy();
      seen.unsure = true;
    },
    beginGroup(_area, space, _isolated, _knockout, blend) {
      space.destroy();
      if (blend !== 'Normal') seen.unsure = true;
    },
  });
  try {
    source.run(device, mupdf.Matrix.identity);
    device.close();
  } finally {
    device.destroy();
  }
  return seen;
}
