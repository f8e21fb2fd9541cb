// Whether two pages (of two files) draw the same thing because they are written the same: the same
// content bytes (decoded), the same resources, boxes, rotation and annotations, and the same layer
// and form settings of their files, compared as PDF objects wherever they sit in their files. Such
// pages render to the same pixels, so a revision's unchanged sheet that its producer wrote again byte
// for byte needs no render (docs/decisions/029-revisions.md).
import * as mupdf from 'mupdf';

/**
 * Catalog keys that decide what any page draws: which layers are shown (OCProperties: a layer hidden
 * by default in one file and shown in the other is a change on every page that draws in it), and the
 * form fields whose values widgets may be drawn from (AcroForm).
 */
const DOCUMENT_KEYS = ['OCProperties', 'AcroForm'] as const;
/** Page keys that decide what a page draws (Parent, the page tree link, does not). */
const DRAWING_KEYS = ['Contents', 'Resources', 'MediaBox', 'CropBox', 'Rotate', 'UserUnit', 'Annots', 'Group'] as const;
/** Keys inheritable from the page tree. */
const INHERITABLE = new Set(['Resources', 'MediaBox', 'CropBox', 'Rotate']);
/** Dictionary keys that link back up (an annotation's page, a node's parent): not what is drawn. */
const BACK_LINKS = new Set(['Parent', 'P']);
/** A stream's keys about how its bytes are stored, not what they are (the decoded bytes are compared). */
const STORAGE_KEYS = new Set(['Length', 'Filter', 'DecodeParms', 'DL']);
/** Stream bytes compared at most per page pair: past this, rendering is the cheaper way to know. */
const BYTE_BUDGET = 64 * 1024 * 1024;

type Walk = { pairs: Set<string>; bytes: number };

function bytesOf(stream: mupdf.PDFObject, raw: boolean): Uint8Array {
  const buffer = raw ? stream.readRawStream() : stream.readStream();
  try {
    return buffer.asUint8Array().slice();
  } finally {
    buffer.destroy();
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));
}

function keysOf(dict: mupdf.PDFObject, skip: Set<string>): string[] {
  const keys: string[] = [];
  dict.forEach((_value, key) => {
    if (typeof key === 'string' && !skip.has(key)) keys.push(key);
  });
  return keys.sort();
}

function sameDictionary(a: mupdf.PDFObject, b: mupdf.PDFObject, walk: Walk, skip: Set<string>): boolean {
  const keys = keysOf(a, skip);
  const other = keysOf(b, skip);
  if (keys.join('\n') !== other.join('\n')) return false;
  return keys.every((key) => same(a.get(key), b.get(key), walk));
}

/** Deep equality of two PDF objects of two files; false whenever unsure. */
function same(a: mupdf.PDFObject, b: mupdf.PDFObject, walk: Walk): boolean {
  // One written inline and one as a reference is still the same value: both are resolved below.
  if (a.isIndirect() && b.isIndirect()) {
    const pair = `${a.asIndirect()}:${b.asIndirect()}`;
    // Already equal, or being compared further up (a cycle): assume equal, the rest decides.
    if (walk.pairs.has(pair)) return true;
    walk.pairs.add(pair);
  }
  // A stream is always a reference, and only the reference knows it is one (resolved, it reads as its dictionary).
  if (a.isStream() || b.isStream()) {
    if (!a.isStream() || !b.isStream() || !sameDictionary(a.resolve(), b.resolve(), walk, STORAGE_KEYS)) return false;
    // Stored the same way: the stored bytes; else the decoded ones.
    const raw = same(a.get('Filter'), b.get('Filter'), walk) && same(a.get('DecodeParms'), b.get('DecodeParms'), walk);
    const bytesA = bytesOf(a, raw);
    walk.bytes += bytesA.length;
    if (walk.bytes > BYTE_BUDGET) return false;
    return sameBytes(bytesA, bytesOf(b, raw));
  }
  // Only references are resolved (MuPDF.js's null object belongs to no document and cannot resolve).
  const x = a.isIndirect() ? a.resolve() : a;
  const y = b.isIndirect() ? b.resolve() : b;
  if (x.isNull() || y.isNull()) return x.isNull() && y.isNull();
  if (x.isBoolean()) return y.isBoolean() && x.asBoolean() === y.asBoolean();
  if (x.isNumber()) return y.isNumber() && x.asNumber() === y.asNumber();
  if (x.isName()) return y.isName() && x.asName() === y.asName();
  if (x.isString()) return y.isString() && sameBytes(x.asByteString(), y.asByteString());
  if (x.isArray()) {
    if (!y.isArray() || x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!same(x.get(i), y.get(i), walk)) return false;
    return true;
  }
  if (x.isDictionary()) return y.isDictionary() && sameDictionary(x, y, walk, BACK_LINKS);
  return false;
}

/** True when page `pageA` of `a` and page `pageB` of `b` are written the same (both PDF; false whenever unsure). */
export function samePageContent(a: mupdf.Document, pageA: number, b: mupdf.Document, pageB: number): boolean {
  const pdfA = a.asPDF();
  const pdfB = b.asPDF();
  if (!pdfA || !pdfB) return false;
  try {
    const x = pdfA.findPage(pageA);
    const y = pdfB.findPage(pageB);
    const walk: Walk = { pairs: new Set(), bytes: 0 };
    const catalogA = pdfA.getTrailer().get('Root');
    const catalogB = pdfB.getTrailer().get('Root');
    if (!DOCUMENT_KEYS.every((key) => same(catalogA.get(key), catalogB.get(key), walk))) return false;
    return DRAWING_KEYS.every((key) => {
      const read = (page: mupdf.PDFObject) => (INHERITABLE.has(key) ? page.getInheritable(key) : page.get(key));
      return same(read(x), read(y), walk);
    });
  } catch {
    return false;
  }
}
