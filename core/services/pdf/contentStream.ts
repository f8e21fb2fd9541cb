// What the report reads of a page dictionary straight: its content streams decoded (for lineworkOf),
// the resources those name, and whether the page paints anything at all.
import zlib from 'node:zlib';
import type * as mupdf from 'mupdf';
import { deviceSpaceType, type LineworkOptions, type SpaceType } from './linework';

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
export function contentOf(streams: mupdf.PDFObject[]): Uint8Array | null {
  const parts: Uint8Array[] = [];
  let size = 0;
  for (const stream of streams) {
    const filter = stream.get('Filter');
    const flate = filter.isName()
      ? filter.asName() === 'FlateDecode'
      : filter.isArray() && filter.length === 1 && filter.get(0).isName() && filter.get(0).asName() === 'FlateDecode';
    if ((!filter.isNull() && !flate) || !stream.get('DecodeParms').isNull()) return null;
    const buffer = stream.readRawStream();
    let raw: Uint8Array;
    try {
      raw = buffer.asUint8Array().slice();
    } finally {
      buffer.destroy();
    }
    let part: Uint8Array;
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
export function contentStreams(obj: mupdf.PDFObject): mupdf.PDFObject[] {
  const contents = obj.get('Contents');
  if (contents.isNull()) return [];
  return contents.isArray() ? Array.from({ length: contents.length }, (_, i) => contents.get(i)) : [contents];
}

/** name => what `read` makes of the page's resource of that name in `category` (null when there is none), read once. */
export function lookup<T>(resources: mupdf.PDFObject, category: string, read: (value: mupdf.PDFObject) => T | null): (name: string) => T | null {
  const dict = resources.isDictionary() ? resources.get(category) : null;
  const known = new Map<string, T | null>();
  return (name) => {
    if (!known.has(name)) {
      const value = dict?.isDictionary() ? dict.get(name) : null;
      known.set(name, value && !value.isNull() ? read(value) : null);
    }
    return known.get(name) ?? null;
  };
}

/** 'Gray', 'RGB' or 'CMYK' for a color space resource that is a device space or ICC-based with 1, 3 or 4 components; else null. */
export function spaceType(value: mupdf.PDFObject): SpaceType | null {
  if (value.isName()) return deviceSpaceType(value.asName());
  if (!value.isArray() || value.length !== 2 || !value.get(0).isName() || value.get(0).asName() !== 'ICCBased') return null;
  const n = value.get(1).get('N');
  if (!n.isNumber()) return null;
  const types: Record<number, SpaceType> = { 1: 'Gray', 3: 'RGB', 4: 'CMYK' };
  return types[n.asNumber()] ?? null;
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

/** `{ fillAlpha, strokeAlpha, lineWidth }` of an ExtGState lineworkOf() can model, or null. */
export function modelledState(dict: mupdf.PDFObject): ReturnType<LineworkOptions['extGState']> {
  if (!dict.isDictionary()) return null;
  let modelled = true;
  dict.forEach((value, name) => {
    if (!HARMLESS_STATE.has(String(name))) modelled = false;
    else if ((name === 'CA' || name === 'ca') && !value.isNumber()) modelled = false;
    else if (name === 'BM' && !(value.isName() && ['Normal', 'Compatible'].includes(value.asName()))) modelled = false;
    else if (name === 'SMask' && !(value.isName() && value.asName() === 'None')) modelled = false;
  });
  if (!modelled) return null;
  const alpha = (name: string) => (dict.get(name).isNumber() ? dict.get(name).asNumber() : undefined);
  return { fillAlpha: alpha('ca'), strokeAlpha: alpha('CA'), lineWidth: alpha('LW') };
}

/** Paint operators in a content stream: fill, stroke, text, image, XObject, shading. */
const PAINT = /(?:^|[\s\])>])(?:f\*?|F|B\*?|b\*?|S|s|Tj|TJ|'|"|Do|sh|BI)(?=[\s[(</]|$)/;

/**
 * Whether a page puts anything on the sheet, judged cheaply from its content stream and annotations
 * (`obj`: the page dictionary; no rendering): used before the verdict so a set of only blank sheets is refused at once. A stream
 * that cannot be read counts as drawn; the pixel report decides later.
 */
export function pageHasPaint(obj: mupdf.PDFObject): boolean {
  try {
    const annots = obj.get('Annots');
    if (annots.isArray() && annots.length > 0) return true;
    for (const stream of contentStreams(obj)) {
      if (!stream.isStream()) continue;
      const buffer = stream.readStream();
      try {
        if (PAINT.test(buffer.asString())) return true;
      } finally {
        buffer.destroy();
      }
    }
    return false;
  } catch {
    return true;
  }
}
