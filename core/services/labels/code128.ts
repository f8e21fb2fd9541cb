/** Code 128 bars drawn into a PDF, so labels and job tickets carry a barcode a scanner can read. */
// The Node build by name: its package exports only platform conditions, which a bundler resolution does not try.
import bwipjs from 'bwip-js/node';
import type { Pdf } from '../../lib/pdfDocument';

/**
 * Alternating bar/space widths in modules (first is a bar), from start to stop, as bwip-js encodes
 * `text`: it picks the code sets (C for runs of digits), the checksum and the quiet-zone-free stop.
 */
export function code128Modules(text: string): number[] {
  const [symbol] = bwipjs.raw('code128', text, '');
  if (!symbol || !('sbs' in symbol)) throw new Error(`Code 128 cannot encode ${JSON.stringify(text)}`);
  return symbol.sbs;
}

/**
 * Draws `text` as Code 128 bars `height` high from `top`, each module `maxUnit` wide or narrower so
 * the code fits `maxWidth`; centred on `x`, or ending at `x` with `align: 'right'`. Returns where
 * the bars start and how wide they are, for a caption under them.
 */
export function drawCode128(
  doc: Pdf,
  text: string,
  box: { x: number; top: number; height: number; maxWidth: number; maxUnit: number; align: 'center' | 'right'; color?: string },
): { left: number; width: number } {
  const modules = code128Modules(text);
  const total = modules.reduce((a, b) => a + b, 0);
  const unit = Math.min(box.maxUnit, box.maxWidth / total);
  const left = box.align === 'center' ? box.x - (total * unit) / 2 : box.x - total * unit;
  let x = left;
  modules.forEach((width, i) => {
    if (i % 2 === 0) doc.rect(x, box.top, width * unit, box.height).fill(box.color ?? '#000');
    x += width * unit;
  });
  return { left, width: total * unit };
}
