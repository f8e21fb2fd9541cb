// One sheet of a revision against its predecessor, in a report thread of the MuPDF process: both
// rendered in grey at COMPARE_DPI, compared (sheetDiff.ts), and for a changed sheet the overlay
// images written: removed ink red, added ink blue, the rest light grey, changed regions outlined.
import * as mupdf from 'mupdf';
import { diffSheets, INK_AT, type GreyRender, type PixelBox, type SheetDiff } from './sheetDiff';
import { pngOfPixels } from './previews';

/**
 * The resolution both sides are rendered and compared at. 50 dpi is the floor the shop promises; a
 * 0.5 pt line is a third of a pixel wide there, and its blurred ink (sheetDiff.ts) still clears the
 * threshold by more than twice, while a 24" x 36" sheet is 1800 x 1200 pixels (about the time of
 * `mutool draw -r 50`).
 */
export const COMPARE_DPI = 50;
/** Changed regions closer than this (inches) are one box: the letters of a changed note, a dimension and its text. */
export const MERGE_GAP_IN = 0.15;
/** The overlay preview's long side in pixels; the enlarged overlay is the compare render itself. */
export const OVERLAY_PREVIEW_PX = 720;

/** A changed region in inches from the sheet's top-left corner. */
export type InchBox = { xIn: number; yIn: number; widthIn: number; heightIn: number };

/** One pair of sheets to compare: a page (from 0) of a file on each side. */
export type SheetPair = { position: number; before: { file: string; page: number }; after: { file: string; page: number } };

/** What comparing a pair found. */
export type PairResult = {
  position: number;
  /** Changed pixels over pixels with ink on either side (0 when nothing changed), rounded to 4 places. */
  changedShare: number;
  boxes: InchBox[];
  /** <position>.png and <position>-large.png were written (changed sheets only). */
  overlay: boolean;
  /** The sheet could not be rendered (the compare says so instead of guessing). */
  failed: boolean;
  /** Both sides were rendered and compared as pixels (false when their pages are written the same, or it failed). */
  rendered: boolean;
};

/** A page rendered in grey at `dpi`, its pixels copied out of MuPDF's heap. */
export function renderGrey(doc: mupdf.Document, page: number, dpi: number): GreyRender {
  const loaded = doc.loadPage(page);
  try {
    const pixmap = loaded.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceGray, false);
    try {
      const width = pixmap.getWidth();
      const height = pixmap.getHeight();
      const stride = pixmap.getStride();
      const raw = pixmap.getPixels();
      const pixels = new Uint8Array(width * height);
      if (stride === width) pixels.set(raw.subarray(0, width * height));
      else for (let y = 0; y < height; y++) pixels.set(raw.subarray(y * stride, y * stride + width), y * width);
      return { width, height, pixels };
    } finally {
      pixmap.destroy();
    }
  } finally {
    loaded.destroy();
  }
}

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

/** A pixel box at `dpi` in inches, to the hundredth. */
export function inchesOf([x0, y0, x1, y1]: PixelBox, dpi: number): InchBox {
  return { xIn: round(x0 / dpi, 2), yIn: round(y0 / dpi, 2), widthIn: round((x1 - x0) / dpi, 2), heightIn: round((y1 - y0) / dpi, 2) };
}

const GREY = 200;
const ADDED: [number, number, number] = [0, 80, 255];
const REMOVED: [number, number, number] = [230, 0, 0];
const OUTLINE: [number, number, number] = [255, 140, 0];

/**
 * The overlay as RGB pixels: paper white, ink on either side light grey (darker ink a little darker),
 * removed ink red, added ink blue. `scale` < 1 shrinks it, each output pixel taking the most telling
 * of the pixels it covers (added or removed over ink over paper), so a thin changed line survives.
 */
function overlayPixels(before: Uint8Array, after: Uint8Array, diff: SheetDiff, scale: number): { width: number; height: number; rgb: Uint8Array } {
  const width = Math.max(1, Math.round(diff.width * scale));
  const height = Math.max(1, Math.round(diff.height * scale));
  const rgb = new Uint8Array(width * height * 3).fill(255);
  // Per output pixel: 0 paper, 1..255 ink (lightest seen), 256 removed, 257 added.
  const kind = new Uint16Array(width * height);
  for (let y = 0; y < diff.height; y++) {
    const oy = Math.min(height - 1, Math.floor(y * scale));
    for (let x = 0; x < diff.width; x++) {
      const i = y * diff.width + x;
      const ink = 255 - Math.min(before[i], after[i]);
      if (ink < INK_AT) continue;
      const o = oy * width + Math.min(width - 1, Math.floor(x * scale));
      const change = diff.changes[i];
      const value = change === 1 && 255 - after[i] >= INK_AT ? 257 : change === 2 && 255 - before[i] >= INK_AT ? 256 : ink;
      if (value > kind[o]) kind[o] = value;
    }
  }
  for (let o = 0; o < kind.length; o++) {
    const k = kind[o];
    if (k === 0) continue;
    const color = k === 257 ? ADDED : k === 256 ? REMOVED : null;
    const grey = Math.round(255 - ((255 - GREY) * k) / 255);
    rgb[o * 3] = color ? color[0] : grey;
    rgb[o * 3 + 1] = color ? color[1] : grey;
    rgb[o * 3 + 2] = color ? color[2] : grey;
  }
  return { width, height, rgb };
}

/** Outlines each box (in compare pixels, padded) on an overlay `scale` times their size. */
function outline(image: { width: number; height: number; rgb: Uint8Array }, boxes: PixelBox[], scale: number, thickness: number): void {
  const pad = 3 + thickness;
  const set = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= image.width || y >= image.height) return;
    const o = (y * image.width + x) * 3;
    [image.rgb[o], image.rgb[o + 1], image.rgb[o + 2]] = OUTLINE;
  };
  for (const [bx0, by0, bx1, by1] of boxes) {
    const [x0, y0] = [Math.floor(bx0 * scale) - pad, Math.floor(by0 * scale) - pad];
    const [x1, y1] = [Math.ceil(bx1 * scale) + pad, Math.ceil(by1 * scale) + pad];
    for (let t = 0; t < thickness; t++) {
      for (let x = x0; x <= x1; x++) {
        set(x, y0 + t);
        set(x, y1 - t);
      }
      for (let y = y0; y <= y1; y++) {
        set(x0 + t, y);
        set(x1 - t, y);
      }
    }
  }
}

/** The overlay PNGs of a changed sheet: the preview (OVERLAY_PREVIEW_PX long) and the enlarged one. */
export function overlayPngs(before: GreyRender, after: GreyRender, diff: SheetDiff): { preview: Uint8Array; large: Uint8Array } {
  const pad = (r: GreyRender) => {
    if (r.width === diff.width && r.height === diff.height) return r.pixels;
    const out = new Uint8Array(diff.width * diff.height).fill(255);
    for (let y = 0; y < r.height; y++) out.set(r.pixels.subarray(y * r.width, (y + 1) * r.width), y * diff.width);
    return out;
  };
  const [a, b] = [pad(before), pad(after)];
  const large = overlayPixels(a, b, diff, 1);
  outline(large, diff.boxes, 1, 2);
  const scale = Math.min(1, OVERLAY_PREVIEW_PX / Math.max(diff.width, diff.height));
  const small = overlayPixels(a, b, diff, scale);
  outline(small, diff.boxes, scale, 1);
  return { preview: pngOfPixels(small.width, small.height, 3, small.rgb), large: pngOfPixels(large.width, large.height, 3, large.rgb) };
}

/** Compares one pair of sheets rendered at `dpi`: the diff, the share of the ink that changed and the boxes in inches. */
export function comparePair(before: GreyRender, after: GreyRender, dpi: number): { diff: SheetDiff; changedShare: number; boxes: InchBox[] } {
  const diff = diffSheets(before, after, Math.round(MERGE_GAP_IN * dpi));
  const changedShare = diff.boxes.length === 0 ? 0 : Math.max(0.0001, round(Math.min(1, diff.changedPixels / Math.max(1, diff.inkPixels)), 4));
  return { diff, changedShare, boxes: diff.boxes.map((b) => inchesOf(b, dpi)) };
}
