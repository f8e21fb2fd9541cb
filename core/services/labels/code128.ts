/** Code 128 (set B): bar widths, and drawing them, so labels and job tickets carry a barcode a scanner can read. */
import type { Pdf } from '../../lib/pdfDocument';

// Module widths (bar, space, bar, …) of the 107 Code 128 symbols; 104 is Start B, 106 is Stop.
const PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
];
const START_B = 104;
const STOP = 106;

/** The symbol values for `text` in set B, with start, checksum and stop. */
export function code128Values(text: string): number[] {
  const values = [...text].map((ch) => {
    const code = ch.charCodeAt(0);
    if (code < 32 || code > 126) throw new Error(`Code 128 B cannot encode ${JSON.stringify(ch)}`);
    return code - 32;
  });
  const checksum = values.reduce((sum, v, i) => sum + v * (i + 1), START_B) % 103;
  return [START_B, ...values, checksum, STOP];
}

/** Alternating bar/space widths in modules (first is a bar). */
export function code128Modules(text: string): number[] {
  return code128Values(text).flatMap((v) => [...PATTERNS[v]].map(Number));
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
