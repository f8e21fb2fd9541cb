// The per-sheet report the MuPDF child makes once a set is accepted (docs/decisions/012): colour judged from
// rendered pixels, blank, scale notes written on the sheet, and low-resolution scans. Plain JavaScript
// for the same reason as child.mjs; pure functions of MuPDF objects, so the child stays a loop.
import * as mupdf from 'mupdf';
import zlib from 'node:zlib';
import pngjs from 'pngjs';
import { GREY_SPREAD, INK_BELOW, deviceSpaceType, lineworkOf, paintOf } from './linework.mjs';

/**
 * Resolution of the analysis render. At 20 dpi a 0.5 pt line covers 14% of a pixel's width, enough
 * for its colour to clear the near-grey threshold below, while a 24" x 36" sheet is only 720 x 480
 * pixels to scan. MuPDF renders straight at this size with area anti-aliasing, so a thin line's ink
 * is spread, not dropped (rendering larger and averaging down would only dilute it further).
 */
export const ANALYSIS_DPI = 20;
/** A sheet is colour when coloured ink covers at least this fraction of it (0.05%). */
export const COLOUR_SHARE = 0.0005;
/** A raster image covering this share of the sheet at under LOW_DPI at print size makes it a bad scan. */
const LOW_RES_SHARE = 0.25;
const LOW_DPI = 150;

/**
 * Coloured ink and any ink in an RGB render: `inked` pixels, and `colour`, the coloured pixels
 * counted by how much ink each holds ((255 - its darkest channel) / 255), so a thin red line that
 * tints a pixel counts as the fraction of the pixel it covers, and a solid blue block as whole pixels.
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
  return { inked, colour: colour / 255 };
}

/**
 * The pixel rectangle MuPDF renders `rect` (device space) into: its edges rounded outwards, with a
 * thousandth of a pixel's tolerance (fz_round_rect).
 */
export function pixelRect([x0, y0, x1, y1]) {
  return [Math.floor(x0 + 0.001), Math.floor(y0 + 0.001), Math.ceil(x1 - 0.001), Math.ceil(y1 - 0.001)];
}

/**
 * The share of the sheet coloured ink covers, and whether any pixel is ink, from its render at
 * ANALYSIS_DPI. When `only` (the bounds of every coloured paint, device space) is given, just that part
 * is rendered: a pixel can be coloured only where coloured paint fell, and MuPDF draws each pixel the
 * same whatever part of the sheet it renders, so the share is the same for a fraction of the work
 * (a red revision cloud on black linework). Then null when that part holds no ink, since only the
 * whole sheet can say whether the rest does.
 */
export function colourOf(list, bounds, only) {
  const scale = ANALYSIS_DPI / 72;
  const matrix = mupdf.Matrix.scale(scale, scale);
  const sheet = pixelRect(bounds.map((v) => v * scale));
  let sheetPixels = (sheet[2] - sheet[0]) * (sheet[3] - sheet[1]);
  let pixmap;
  if (only) {
    // Two pixels to spare for anti-aliasing beyond a paint's bounds, within the sheet's render.
    const [a, b, c, d] = pixelRect(only.map((v) => v * scale));
    const part = [Math.max(sheet[0], a - 2), Math.max(sheet[1], b - 2), Math.min(sheet[2], c + 2), Math.min(sheet[3], d + 2)];
    if (part[2] <= part[0] || part[3] <= part[1]) return null;
    pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, part, false);
    pixmap.clear(255);
    const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
    try {
      list.run(device, matrix);
      device.close();
    } finally {
      device.destroy();
    }
  } else {
    pixmap = list.toPixmap(matrix, mupdf.ColorSpace.DeviceRGB, false);
    sheetPixels = pixmap.getWidth() * pixmap.getHeight();
  }
  const ink = inkOf(pixmap.getPixels());
  pixmap.destroy();
  if (only && ink.inked === 0) return null;
  return { inked: ink.inked > 0, colourShare: sheetPixels > 0 ? ink.colour / sheetPixels : 0 };
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
 * One pass over a sheet's display list (or over the page itself: `source` is either) that sees every
 * paint call's colour without rendering:
 * `ink` (some paint darker than INK_BELOW reaches the sheet) and `tinted` (some paint is not grey).
 * `unsure` when it painted what only pixels can judge: images, shadings, soft masks, blend modes,
 * spot and indexed colours, or CMYK with C, M or Y in it.
 *
 * Each wrapper MuPDF hands the device is released before the callback returns: paths in a display
 * list live in the list's own memory, and must not be released after it is gone.
 */
export function survey(source, [x0, y0, x1, y1]) {
  // tintedBounds: the bounds of all coloured paint (device space), for colourOf().
  const seen = { ink: false, tinted: false, unsure: false, tintedBounds: null };
  // A colour space's kind by its MuPDF pointer: the same few spaces come back on every call.
  const types = new Map();
  const onSheet = ([a, b, c, d]) => c > x0 && a < x1 && d > y0 && b < y1;
  /**
   * Paint of this colour: notes doubt; when it is coloured, or dark while no ink is known yet, asks
   * for its bounds (`boundsOf`) to note where colour is and whether it is ink on the sheet.
   */
  const note = (space, color, alpha, boundsOf) => {
    if (alpha <= 0) return;
    let type = types.get(space.pointer);
    if (type === undefined) types.set(space.pointer, (type = space.getType()));
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
  /** A path or text filled (`stroke` null) or stroked. */
  const paint = (shape, stroke, ctm, space, color, alpha) => {
    note(space, color, alpha, () => shape.getBounds(stroke, ctm));
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
      note(space, color, alpha, () => placedBounds(ctm));
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
    source.run(device, mupdf.Matrix.identity);
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
 * One sheet's report, and its preview as a PNG when `previewPx` (its long side) is given. A sheet
 * without a preview whose paths lineworkOf() can judge from its content stream has MuPDF interpret
 * only the rest (reportByLinework); any other is interpreted whole (reportWhole).
 */
export function reportSheet(page, previewPx) {
  if (!previewPx) {
    let sheet = null;
    try {
      sheet = reportByLinework(page);
    } catch {
      // A stream MuPDF will not hand over whole: the whole interpretation has its own way with it.
    }
    if (sheet) return { sheet, preview: null };
  }
  return reportWhole(page, previewPx);
}

/**
 * The report of a sheet interpreted once, into a display list: a pass over the list sees every colour
 * painted, and only a sheet with coloured ink, or with paint whose colour a pass cannot judge, is
 * rendered at ANALYSIS_DPI to measure how much of it is coloured (most sheets of a set are black
 * linework: no render). Text (scale notes) and images' placement (resolution at print size) come from
 * the list's structured text.
 */
export function reportWhole(page, previewPx) {
  const bounds = page.getBounds();
  const [x0, y0, x1, y1] = bounds;
  const list = page.toDisplayList(true);
  try {
    const seen = survey(list, bounds);
    let inked = seen.ink;
    let colourShare = 0;
    if (seen.tinted || seen.unsure) {
      // Images, shadings and the like may colour any pixel: then the whole sheet is rendered.
      const measured = (!seen.unsure && colourOf(list, bounds, seen.tintedBounds)) || colourOf(list, bounds, null);
      inked = measured.inked;
      colourShare = measured.colourShare;
    }

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
    return { sheet: sheetOf(list, bounds, inked, colourShare >= COLOUR_SHARE), preview };
  } finally {
    list.destroy();
  }
}

/**
 * The report of a sheet whose paths lineworkOf() judges from its content stream, or null when it
 * cannot (or the rest of the sheet holds colour: it is then to be rendered whole). MuPDF interprets
 * the content without those paths, put in the page's place for the moment; the page is left as it was.
 */
export function reportByLinework(page) {
  const obj = page.getObject?.();
  const pdf = page._doc;
  if (!obj || !pdf) return null;
  const contents = obj.get('Contents');
  const streams = contentStreams(obj);
  if (!streams.every((stream) => stream.isStream())) return null;
  const bytes = contentOf(streams);
  if (!bytes) return null;

  const resources = obj.getInheritable('Resources');
  const extGState = lookup(resources, 'ExtGState', modelledState);
  const colourSpace = lookup(resources, 'ColorSpace', spaceType);
  const bounds = page.getBounds();
  const judged = lineworkOf(bytes, { ctm: page.getTransform(), sheet: bounds, extGState, colourSpace });
  if (!judged) return null;

  const rest = pdf.addStream(judged.content, {});
  obj.put('Contents', rest);
  try {
    const list = page.toDisplayList(true);
    try {
      // The display list drops a clip, and all in it, when nothing in it has area within the clip; so
      // paint the list of the whole sheet kept only because the linework left out shared its clip
      // (a space's glyph, text beyond the clip) is missing from this one. The whole one sees no more
      // than this list plus the linework, and no less than what is left of it where it matters:
      //  - ink: a sheet with none found here may be blank, and is judged whole (blank sheets are rare);
      //  - colour: a pass straight over the page, which drops nothing, must find none (or the whole
      //    sheet, seeing colour, would be judged by its pixels).
      const seen = survey(list, bounds);
      if (seen.tinted || seen.unsure || (!judged.ink && !seen.ink)) return null;
      const all = survey(page, bounds);
      if (all.tinted || all.unsure) return null;
      return sheetOf(list, bounds, true, false);
    } finally {
      list.destroy();
    }
  } finally {
    obj.put('Contents', contents);
    pdf.deleteObject(rest);
  }
}

/**
 * Decoded content read whole for lineworkOf(), at most this many bytes a sheet. A drawing's sheet
 * is a few MB at most; past that (or a stream that inflates a thousandfold), MuPDF's interpreter,
 * which reads a stream as it goes, has the sheet whole.
 */
export const MAX_CONTENT_BYTES = 16 * 1024 * 1024;

/**
 * A page's content streams decoded and joined by a newline, or null when one is compressed other
 * than by Flate alone, is cut short, or the whole is over MAX_CONTENT_BYTES. Inflated by Node's
 * zlib, with a ceiling on what it makes, rather than in MuPDF's WebAssembly heap, which never shrinks.
 */
function contentOf(streams) {
  const parts = [];
  let size = 0;
  for (const stream of streams) {
    const filter = stream.get('Filter');
    const flate = filter.isName()
      ? filter.asName() === 'FlateDecode'
      : filter.isArray() && filter.length === 1 && filter.get(0).isName() && filter.get(0).asName() === 'FlateDecode';
    if ((!filter.isNull() && !flate) || !stream.get('DecodeParms').isNull()) return null;
    const buffer = stream.readRawStream();
    const raw = buffer.asUint8Array().slice();
    buffer.destroy();
    let part;
    if (!flate) part = raw;
    else {
      try {
        part = zlib.inflateSync(raw, { maxOutputLength: MAX_CONTENT_BYTES });
      } catch {
        return null;
      }
    }
    size += part.length + 1;
    if (size > MAX_CONTENT_BYTES) return null;
    parts.push(part);
  }
  if (parts.length <= 1) return parts[0] ?? new Uint8Array(0);
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
    out[at++] = 10;
  }
  return out;
}

/** The page dictionary `obj`'s content streams: none, one, or an array of them. */
function contentStreams(obj) {
  const contents = obj.get('Contents');
  if (contents.isNull()) return [];
  return contents.isArray() ? Array.from({ length: contents.length }, (_, i) => contents.get(i)) : [contents];
}

/** name => what `read` makes of the page's resource of that name in `category` (null when there is none), read once. */
function lookup(resources, category, read) {
  const dict = resources.isDictionary() ? resources.get(category) : null;
  const known = new Map();
  return (name) => {
    if (!known.has(name)) {
      const value = dict?.isDictionary() ? dict.get(name) : null;
      known.set(name, value && !value.isNull() ? read(value) : null);
    }
    return known.get(name);
  };
}

/** 'Gray', 'RGB' or 'CMYK' for a colour space resource that is a device space or ICC-based with 1, 3 or 4 components; else null. */
function spaceType(value) {
  if (value.isName()) return deviceSpaceType(value.asName());
  if (!value.isArray() || value.length !== 2 || !value.get(0).isName() || value.get(0).asName() !== 'ICCBased') return null;
  const n = value.get(1).get('N');
  return n.isNumber() ? ({ 1: 'Gray', 3: 'RGB', 4: 'CMYK' }[n.asNumber()] ?? null) : null;
}

/** Keys of a graphics state that change nothing survey() judges, but for the alphas it reads. */
const HARMLESS_STATE = new Set([
  'Type',
  'LW',
  'LC',
  'LJ',
  'ML',
  'D',
  'RI',
  'OP',
  'op',
  'OPM',
  'FL',
  'SM',
  'SA',
  'TK',
  'Font',
  'CA',
  'ca',
  'BM',
  'SMask',
  'UseBlackPtComp',
]);

/** `{ fillAlpha, strokeAlpha }` of an ExtGState lineworkOf() can model, or null. */
function modelledState(dict) {
  if (!dict.isDictionary()) return null;
  let modelled = true;
  dict.forEach((value, name) => {
    if (!HARMLESS_STATE.has(name)) modelled = false;
    else if ((name === 'CA' || name === 'ca') && !value.isNumber()) modelled = false;
    else if (name === 'BM' && !(value.isName() && ['Normal', 'Compatible'].includes(value.asName()))) modelled = false;
    else if (name === 'SMask' && !(value.isName() && value.asName() === 'None')) modelled = false;
  });
  if (!modelled) return null;
  const alpha = (name) => (dict.get(name).isNumber() ? dict.get(name).asNumber() : undefined);
  return { fillAlpha: alpha('ca'), strokeAlpha: alpha('CA') };
}

/** The report's fields from a sheet's display list, given what was found of ink and colour. */
function sheetOf(list, [x0, y0, x1, y1], inked, color) {
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
  const sheetArea = Math.max(1, (x1 - x0) * (y1 - y0));
  return {
    color,
    blank: !inked && chars.trim() === '',
    scaleNotes: findScaleNotes(chars),
    lowResolution: lowResArea >= LOW_RES_SHARE * sheetArea,
  };
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
    for (const stream of contentStreams(obj)) {
      if (!stream.isStream()) continue;
      if (PAINT.test(stream.readStream().asString())) return true;
    }
    return false;
  } catch {
    return true;
  }
}
