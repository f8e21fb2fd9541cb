/**
 * The one module that reaches into MuPDF.js's private members. Each use is a fact about the exact
 * version package.json pins (MUPDF_VERSION); mupdfAdapter.test.ts checks every one of them and fails
 * with the fact's name when an upgrade changes it, so an upgrade is a deliberate step, not a crash
 * in production.
 */
import * as mupdf from 'mupdf';

/** The MuPDF.js version whose private members this module was written and tested against. */
export const MUPDF_VERSION = '1.28.1';

/** MuPDF.js is not what this module was written for: never caught as a PDF's fault. */
export class MupdfChangedError extends Error {
  constructor(what: string) {
    super(`MuPDF.js: ${what} (written for mupdf ${MUPDF_VERSION}; see core/services/pdf/mupdfAdapter.ts)`);
    this.name = 'MupdfChangedError';
  }
}

/**
 * The PDF document a page belongs to, or null for a page of another kind of document. MuPDF.js
 * keeps it as the private PDFPage._doc and has no public getter; the report needs it to put a
 * stream in the page's place for a moment (reportByLinework).
 */
export function documentOf(page: mupdf.Page): mupdf.PDFDocument | null {
  if (!(page instanceof mupdf.PDFPage)) return null;
  const doc: unknown = (page as unknown as { _doc?: unknown })._doc;
  if (!(doc instanceof mupdf.PDFDocument)) throw new MupdfChangedError("PDFPage._doc is no longer the page's PDFDocument");
  return doc;
}

type Borrowed = mupdf.Image | mupdf.Shade;

/**
 * In MuPDF.js 1.28.1 the Image and Shade wrappers a Device's callbacks are handed (fillImage,
 * fillImageMask, fillShade, clipImageMask), and the images of a structured text's image blocks
 * (onImageBlock), hold no reference of their own, yet are registered with
 * the class's FinalizationRegistry (the private static `_finalizer`): left to the garbage collector,
 * each would drop a reference MuPDF still counts on, and a later render crashes. This takes one out
 * of the collector's hands, without dropping anything; the wrapper is unusable afterwards. Call it
 * in the callback, before it returns.
 */
export function releaseBorrowed(wrapper: Borrowed): void {
  const registry: unknown = (wrapper.constructor as unknown as { _finalizer?: unknown })._finalizer;
  if (!(registry instanceof FinalizationRegistry)) {
    throw new MupdfChangedError(`${wrapper.constructor.name}._finalizer is no longer a FinalizationRegistry`);
  }
  if (!registry.unregister(wrapper)) {
    throw new MupdfChangedError(`the ${wrapper.constructor.name} a callback was handed is no longer registered with its finalizer`);
  }
  (wrapper as { pointer: number }).pointer = 0;
}
