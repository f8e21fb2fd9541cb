// What will not print as it looks on screen (shared/printNotes.ts), measured in the report's own
// passes, so the dense set costs no extra interpretation: the content-stream scan (linework.ts) and
// the pass over the display list (survey() in pixels.ts) count each stroked line and text they see
// (`Marks`); the page's font resources say which fonts the file does not carry.
import type * as mupdf from 'mupdf';
import { HAIRLINE_PT, HALF_SIZE_HAIRLINE_PT, LIGHT_GRAY_BLACK, type PrintFindings } from '#shared/printNotes';

/**
 * Counts of one sheet's marks: stroked lines (`strokes`), those thinner than a hairline at full size
 * and at half size, text runs, and strokes and text lighter than LIGHT_GRAY_BLACK.
 */
export type Marks = { strokes: number; thinFull: number; thinHalf: number; texts: number; light: number };

export const noMarks = (): Marks => ({ strokes: 0, thinFull: 0, thinHalf: 0, texts: 0, light: 0 });

export function addMarks(to: Marks, from: Marks): void {
  to.strokes += from.strokes;
  to.thinFull += from.thinFull;
  to.thinHalf += from.thinHalf;
  to.texts += from.texts;
  to.light += from.light;
}

/** How much a transform scales a length: the square root of its determinant. */
export function expansion(a: number, b: number, c: number, d: number): number {
  return Math.sqrt(Math.abs(a * d - b * c));
}

/**
 * A stroke `width` (user space) under a transform scaling by `scale`, counted into `marks`. A width
 * of 0 is the thinnest line a device can draw: a hairline at any size.
 */
export function countStroke(marks: Marks, width: number, scale: number): void {
  const printed = width * scale;
  marks.strokes++;
  if (printed < HAIRLINE_PT) marks.thinFull++;
  if (printed < HALF_SIZE_HAIRLINE_PT) marks.thinHalf++;
}

/** Lighter than LIGHT_GRAY_BLACK, yet not paper white (white linework is a knock-out, meant not to print). */
const LIGHTEST = 0.99;

/**
 * Whether paint of `values` in a space of `type` is light enough for a B&W printer to drop: its
 * lightness (grey, RGB by luminance, CMYK by ink) above 1 − LIGHT_GRAY_BLACK and below paper white.
 * Spaces it cannot read say no.
 */
export function isLight(type: string | null, values: ArrayLike<number> | null): boolean {
  if (type === null || values === null) return false;
  let lightness: number;
  if (type === 'Gray') lightness = values[0];
  else if (type === 'RGB' || type === 'BGR') lightness = 0.3 * values[0] + 0.59 * values[1] + 0.11 * values[2];
  else if (type === 'CMYK') lightness = 1 - Math.min(1, 0.3 * values[0] + 0.59 * values[1] + 0.11 * values[2] + values[3]);
  else return false;
  return lightness > 1 - LIGHT_GRAY_BLACK && lightness < LIGHTEST;
}

/** The 14 fonts every PDF reader carries: never missing, embedded or not. */
export const STANDARD_FONTS = new Set([
  'Helvetica',
  'Helvetica-Bold',
  'Helvetica-Oblique',
  'Helvetica-BoldOblique',
  'Times-Roman',
  'Times-Bold',
  'Times-Italic',
  'Times-BoldItalic',
  'Courier',
  'Courier-Bold',
  'Courier-Oblique',
  'Courier-BoldOblique',
  'Symbol',
  'ZapfDingbats',
]);

/** A font's name without a subset's tag (`ABCDEF+Arial` → `Arial`). */
export const fontName = (name: string) => name.replace(/^[A-Z]{6}\+/, '');

/** Whether a font dictionary carries its font program (Type 3 fonts are drawn by the file itself). */
function embedded(font: mupdf.PDFObject): boolean {
  const subtype = font.get('Subtype');
  if (subtype.isName() && subtype.asName() === 'Type3') return true;
  const descendants = font.get('DescendantFonts');
  const described = descendants.isArray() && descendants.length > 0 ? descendants.get(0).resolve() : font;
  const descriptor = described.get('FontDescriptor');
  if (!descriptor.isDictionary()) return false;
  return ['FontFile', 'FontFile2', 'FontFile3'].some((key) => !descriptor.get(key).isNull());
}

/**
 * The fonts the page's text may use that the file does not embed and that are not among the 14
 * standard ones: its font resources and those of the forms it draws, a few levels down.
 */
export function unembeddedFonts(page: mupdf.PDFPage): Set<string> {
  const missing = new Set<string>();
  const seen = new Set<number>();
  const visit = (resources: mupdf.PDFObject, depth: number) => {
    if (!resources.isDictionary() || depth > 4) return;
    const fonts = resources.get('Font');
    if (fonts.isDictionary()) {
      fonts.forEach((value) => {
        const font = value.resolve();
        const base = font.get('BaseFont');
        if (!font.isDictionary() || !base.isName()) return;
        const name = fontName(base.asName());
        if (!STANDARD_FONTS.has(name) && !embedded(font)) missing.add(name);
      });
    }
    const forms = resources.get('XObject');
    if (!forms.isDictionary()) return;
    forms.forEach((value) => {
      const id = value.isIndirect() ? value.asIndirect() : -1;
      if (id >= 0 && seen.has(id)) return;
      if (id >= 0) seen.add(id);
      const form = value.resolve();
      const subtype = form.get('Subtype');
      if (subtype.isName() && subtype.asName() === 'Form') visit(form.get('Resources'), depth + 1);
    });
  };
  visit(page.getObject().getInheritable('Resources'), 0);
  return missing;
}

/** The sheet's findings from its marks and its text lines (each with its font's name), rounded to a thousandth. */
export function findingsOf(marks: Marks, lines: readonly { text: string; font: string }[], missing: ReadonlySet<string>): PrintFindings {
  const round = (share: number) => Math.round(share * 1000) / 1000;
  const share = (part: number, whole: number) => (whole > 0 && part > 0 ? Math.max(0.001, round(part / whole)) : 0);
  let chars = 0;
  let missingChars = 0;
  const used = new Set<string>();
  for (const line of lines) {
    const n = line.text.replace(/\s+/g, '').length;
    chars += n;
    const name = fontName(line.font);
    if (missing.has(name)) {
      missingChars += n;
      used.add(name);
    }
  }
  return {
    hairline: share(marks.thinFull, marks.strokes),
    hairlineHalf: share(marks.thinHalf, marks.strokes),
    lightGray: share(marks.light, marks.strokes + marks.texts),
    missingFont: share(missingChars, chars),
    missingFonts: [...used].sort(),
  };
}
