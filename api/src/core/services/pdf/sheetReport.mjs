// The per-sheet report the MuPDF child makes once a set is accepted (issue 14): colour judged from
// rendered pixels, blank, scale notes written on the sheet, and low-resolution scans. Plain JavaScript
// for the same reason as child.mjs; pure functions of MuPDF objects, so the child stays a loop.
import * as mupdf from 'mupdf';
import pngjs from 'pngjs';

/**
 * Resolution of the analysis render. At 20 dpi a 0.5 pt line covers 14% of a pixel's width, enough
 * for its colour to clear the near-grey threshold below, while a 24" x 36" sheet is only 720 x 480
 * pixels to scan. MuPDF renders straight at this size with area anti-aliasing, so a thin line's ink
 * is spread, not dropped (rendering larger and averaging down would only dilute it further).
 */
export const ANALYSIS_DPI = 20;
/** A pixel whose channels differ by less than this (of 255) is grey: anti-aliasing, near-greys, CMYK greys. */
export const GREY_SPREAD = 24;
/** A sheet is colour when coloured ink covers at least this fraction of it (0.05%). */
export const COLOUR_SHARE = 0.0005;
/** A pixel darker than this in any channel has ink on it. */
const INK_BELOW = 250;
/** A raster image covering this share of the sheet at under LOW_DPI at print size makes it a bad scan. */
const LOW_RES_SHARE = 0.25;
const LOW_DPI = 150;

/**
 * Coloured ink and any ink in an RGB render. A coloured pixel counts by how much ink it holds
 * ((255 - its darkest channel) / 255), so a thin red line that tints a pixel counts as the fraction
 * of the pixel it covers, and a solid blue block as whole pixels.
 */
export function inkOf(pixels) {
  let inked = 0;
  let colour = 0;
  for (let p = 0; p < pixels.length; p += 3) {
    const r = pixels[p];
    const g = pixels[p + 1];
    const b = pixels[p + 2];
    // Paper: neither ink nor colour. Most of a sheet's pixels; skipping them halves the scan.
    if ((r & g & b) === 255) continue;
    const max = r > g ? (r > b ? r : b) : g > b ? g : b;
    const min = r < g ? (r < b ? r : b) : g < b ? g : b;
    if (min < INK_BELOW) inked++;
    if (max - min >= GREY_SPREAD) colour += 255 - min;
  }
  const count = pixels.length / 3;
  return { inked, colourShare: count ? colour / 255 / count : 0 };
}

const QUOTE = `["\u201d\u2033]`;
const FOOT = `['\u2019\u2032]`;
const NUM = `\\d+(?:\\.\\d+)?`;
const FRACTION = `(?:(?:\\d+\\s*[- ]\\s*)?\\d+\\s*/\\s*\\d+|${NUM})`;
const SCALE_PATTERNS = [
  // 1/4" = 1'-0", 1 1/2" = 1'-0", 3/32"=1'0"; 1" = 20', 1" = 20'-0"; 1:100 after the word SCALE.
  new RegExp(`${FRACTION}\\s*${QUOTE}\\s*=\\s*${NUM}\\s*${FOOT}(?:\\s*-?\\s*${FRACTION}\\s*${QUOTE})?`, 'g'),
  /\bSCALE\s*:?\s*1\s*:\s*\d+(?:[.,]\d+)?\b/gi,
  /\bN\.?\s?T\.?\s?S\b\.?|\bNOT\s+TO\s+SCALE\b/gi,
];

/** The drawing scales written in `text`, as written with runs of spaces made one, in reading order; NTS for "not to scale". */
export function findScaleNotes(text) {
  const found = [];
  for (const pattern of SCALE_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const raw = match[0].replace(/\s+/g, ' ').trim();
      const note = /^N\.?\s?T|^NOT/i.test(raw) ? 'NTS' : raw;
      found.push({ at: match.index ?? 0, note });
    }
  }
  const notes = [];
  for (const { note } of found.sort((a, b) => a.at - b.at)) if (!notes.includes(note)) notes.push(note);
  return notes;
}

/**
 * Wrappers mupdf.js 1.28 hands a device for images and shadings hold no reference of their own:
 * left to the garbage collector they would drop MuPDF's (a crash later). Take them out of its hands.
 */
function borrowed(wrapper) {
  wrapper.constructor._finalizer?.unregister(wrapper);
  wrapper.pointer = 0;
}

/** Bounds of an image placed by `ctm` (it maps the unit square onto the page). */
function placedBounds([a, b, c, d, e, f]) {
  const xs = [e, a + e, c + e, a + c + e];
  const ys = [f, b + f, d + f, b + d + f];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/**
 * One pass over a sheet's display list that sees every paint call's colour without rendering:
 * `ink` (some paint darker than INK_BELOW reaches the sheet) and `tinted` (some paint is not grey).
 * `unsure` when it painted what only pixels can judge: images, shadings, soft masks, blend modes,
 * spot and indexed colours, or CMYK with C, M or Y in it.
 *
 * Each wrapper MuPDF hands the device is released before the callback returns: paths in a display
 * list live in the list's own memory, and must not be released after it is gone.
 */
function survey(list, [x0, y0, x1, y1]) {
  const seen = { ink: false, tinted: false, unsure: false };
  // A colour space's kind by its MuPDF pointer: the same few spaces come back on every call.
  const types = new Map();
  /** Whether paint of this colour could be ink on the sheet (then its bounds decide); notes tint and doubt. */
  const mayInk = (space, color, alpha) => {
    if (alpha <= 0) return false;
    let type = types.get(space.pointer);
    if (type === undefined) types.set(space.pointer, (type = space.getType()));
    let min;
    if (type === 'Gray') min = color[0];
    else if (type === 'RGB' || type === 'BGR') {
      min = Math.min(color[0], color[1], color[2]);
      if ((Math.max(color[0], color[1], color[2]) - min) * 255 >= GREY_SPREAD) seen.tinted = true;
    } else if (type === 'CMYK' && color[0] === 0 && color[1] === 0 && color[2] === 0) min = 1 - color[3];
    else {
      seen.unsure = true;
      return false;
    }
    return !seen.ink && min * 255 < INK_BELOW;
  };
  const onSheet = ([a, b, c, d]) => c > x0 && a < x1 && d > y0 && b < y1;
  /** A path or text filled (`stroke` null) or stroked: its colour, then its bounds if it may be ink. */
  const paint = (shape, stroke, ctm, space, color, alpha) => {
    if (mayInk(space, color, alpha) && onSheet(shape.getBounds(stroke, ctm))) seen.ink = true;
    shape.destroy();
    stroke?.destroy();
    space.destroy();
  };
  const device = new mupdf.Device({
    fillPath: (path, _evenOdd, ctm, space, color, alpha) => paint(path, null, ctm, space, color, alpha),
    strokePath: (path, stroke, ctm, space, color, alpha) => paint(path, stroke, ctm, space, color, alpha),
    fillText: (text, ctm, space, color, alpha) => paint(text, null, ctm, space, color, alpha),
    strokeText: (text, stroke, ctm, space, color, alpha) => paint(text, stroke, ctm, space, color, alpha),
    fillImageMask(image, ctm, space, color, alpha) {
      borrowed(image);
      if (mayInk(space, color, alpha) && onSheet(placedBounds(ctm))) seen.ink = true;
      space.destroy();
    },
    fillImage(image) {
      borrowed(image);
      seen.unsure = true;
    },
    fillShade(shade) {
      borrowed(shade);
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
    list.run(device, mupdf.Matrix.identity);
    device.close();
  } finally {
    device.destroy();
  }
  return seen;
}

/**
 * A pixmap (grey or RGB, no alpha) as PNG, compressed by Node's zlib through pngjs: a third of the
 * time MuPDF's own PNG writer takes in WebAssembly (1.7 against 4.5 ms for a grey 360 px preview,
 * about the size of one of the sheet's other steps), for files of the same size.
 */
function pngOf(pixmap) {
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const components = pixmap.getNumberOfComponents();
  if (pixmap.getAlpha() || (components !== 1 && components !== 3) || pixmap.getStride() !== width * components) return pixmap.asPNG();
  const colorType = components === 1 ? 0 : 2;
  const pixels = pixmap.getPixels();
  const png = new pngjs.PNG({ width, height, colorType, inputColorType: colorType, inputHasAlpha: false });
  png.data = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  return pngjs.PNG.sync.write(png, { colorType, inputColorType: colorType, inputHasAlpha: false, filterType: 4, deflateLevel: 6 });
}

/**
 * One sheet's report, and its preview as a PNG when `previewPx` (its long side) is given. The page is
 * interpreted once, into a display list: a pass over the list sees every colour painted, and only a
 * sheet with coloured ink, or with paint whose colour a pass cannot judge, is rendered at ANALYSIS_DPI
 * to measure how much of it is coloured (most sheets of a set are black linework: no render). Text
 * (scale notes) and images' placement (resolution at print size) come from the list's structured text.
 */
export function reportSheet(page, previewPx) {
  const bounds = page.getBounds();
  const [x0, y0, x1, y1] = bounds;
  const sheetArea = Math.max(1, (x1 - x0) * (y1 - y0));
  const list = page.toDisplayList(true);
  try {
    const seen = survey(list, bounds);
    let inked = seen.ink;
    let colourShare = 0;
    if (seen.tinted || seen.unsure) {
      const scale = ANALYSIS_DPI / 72;
      const pixmap = list.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
      const ink = inkOf(pixmap.getPixels());
      pixmap.destroy();
      inked = ink.inked > 0;
      colourShare = ink.colourShare;
    }

    const text = list.toStructuredText('preserve-images');
    const chars = text.asText();
    let lowResArea = 0;
    text.walk({
      onImageBlock(bbox, transform, image) {
        // The image's pixels over the size it is placed at, in points: dots per inch at print size.
        const w = Math.hypot(transform[0], transform[1]);
        const h = Math.hypot(transform[2], transform[3]);
        const dpi = Math.min((image.getWidth() * 72) / Math.max(w, 1e-6), (image.getHeight() * 72) / Math.max(h, 1e-6));
        if (dpi < LOW_DPI) lowResArea += Math.max(0, (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]));
      },
    });
    text.destroy();

    let preview = null;
    if (previewPx) {
      const scale = previewPx / Math.max(x1 - x0, y1 - y0, 1);
      // A sheet that paints only greys is previewed in grey: the same picture, a third of the pixels to
      // render and compress.
      const space = seen.tinted || seen.unsure ? mupdf.ColorSpace.DeviceRGB : mupdf.ColorSpace.DeviceGray;
      const pixmap = list.toPixmap(mupdf.Matrix.scale(scale, scale), space, false);
      preview = pngOf(pixmap);
      pixmap.destroy();
    }
    return {
      sheet: {
        color: colourShare >= COLOUR_SHARE,
        blank: !inked && chars.trim() === '',
        scaleNotes: findScaleNotes(chars),
        lowResolution: lowResArea >= LOW_RES_SHARE * sheetArea,
      },
      preview,
    };
  } finally {
    list.destroy();
  }
}

/** Paint operators in a content stream: fill, stroke, text, image, XObject, shading. */
const PAINT = /(?:^|[\s\])>])(?:f\*?|F|B\*?|b\*?|S|s|Tj|TJ|'|"|Do|sh|BI)(?=[\s[(</]|$)/;

/**
 * Whether a page puts anything on the sheet, judged cheaply from its content stream and annotations
 * (`obj`: the page dictionary; no rendering): used before the verdict so a set of only blank sheets is refused at once. A stream
 * that cannot be read counts as drawn; the pixel report decides later.
 */
export function pageHasPaint(obj) {
  try {
    const annots = obj.get('Annots');
    if (annots.isArray() && annots.length > 0) return true;
    const contents = obj.get('Contents');
    const streams = contents.isArray() ? Array.from({ length: contents.length }, (_, i) => contents.get(i)) : [contents];
    for (const stream of streams) {
      if (!stream.isStream()) continue;
      if (PAINT.test(stream.readStream().asString())) return true;
    }
    return false;
  } catch {
    return true;
  }
}
