/**
 * A PDF of exactly the sheets a reprint prints, taken page for page from its set's files: what the
 * counter exports for a revision's reprint, so nobody printing from the zip prints the whole issue.
 * Built in the worker (the zip export), where PDF work belongs; MuPDF is loaded only when one is made.
 */
import type { OrderFileRow } from '../../orders/orderRow';
import { carryLayers, type CopiedFrom } from './layers';

/** A file of the set with its bytes; `firstPosition` is its first sheet's place in the set. */
export type SetFileBytes = Pick<OrderFileRow, 'firstPosition' | 'pageCount'> & { bytes: Uint8Array };

/** The files of the set that hold any of `positions` (1-based places in the set). */
export function filesHolding<T extends Pick<OrderFileRow, 'firstPosition' | 'pageCount'>>(files: readonly T[], positions: readonly number[]): T[] {
  return files.filter((f) => positions.some((p) => p >= f.firstPosition && p < f.firstPosition + f.pageCount));
}

/** One PDF of the sheets at `positions`, in that order, copied from `files` (which must hold them all). */
export async function printedPagesPdf(files: readonly SetFileBytes[], positions: readonly number[]): Promise<Buffer> {
  const mupdf = await import('mupdf');
  const out = new mupdf.PDFDocument();
  // Each file's pages through its own graft map, so its layers can follow them (carryLayers).
  const opened = new Map<SetFileBytes, CopiedFrom>();
  try {
    for (const position of positions) {
      const file = files.find((f) => position >= f.firstPosition && position < f.firstPosition + f.pageCount);
      if (!file) throw new RangeError(`sheet ${position} is in none of the files given`);
      let source = opened.get(file);
      if (!source) {
        const doc = mupdf.Document.openDocument(file.bytes, 'application/pdf').asPDF();
        if (!doc) throw new RangeError('not a PDF');
        source = { doc, graft: out.newGraftMap() };
        opened.set(file, source);
      }
      source.graft.graftPage(-1, source.doc, position - file.firstPosition);
    }
    // A layer the customer's file hides stays hidden in the copy, as it was on screen.
    carryLayers(out, [...opened.values()]);
    const saved = out.saveToBuffer('garbage=compact,compress');
    try {
      return Buffer.from(saved.asUint8Array());
    } finally {
      saved.destroy();
    }
  } finally {
    for (const { doc, graft } of opened.values()) {
      graft.destroy();
      doc.destroy();
    }
    out.destroy();
  }
}
