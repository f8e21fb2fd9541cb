// The per-sheet report the MuPDF child's report threads make once a set is accepted: color judged
// from paint calls and, where they cannot tell, rendered pixels (pixels.ts); blank; the scale notes
// written on the sheet (shared/scaleNotes.ts); low-resolution scans (resolution.ts); the preview
// (previews.ts); what will not print as it looks (hairlines, light grey, fonts not embedded:
// printFindings.ts). Functions of MuPDF objects, so the threads stay loops.
import type * as mupdf from 'mupdf';
import { findScaleNotes } from '#shared/scaleNotes';
import { findSheetNumber, listedSheetNumbers, type TextLine } from '#shared/sheetNumbers';
import type { SheetReport } from '#shared/sheets';
import { contentOf, contentStreams, lookup, modelledState, spaceType } from './contentStream';
import { lineworkOf } from './linework';
import { MupdfChangedError, documentOf } from './mupdfAdapter';
import { COLOR_SHARE, colorOf, survey, visibleColor } from './pixels';
import { downscaledPreviewOf, pagePreviewOf, previewOf } from './previews';
import { findingsOf, noMarks, unembeddedFonts, type Marks } from './printFindings';
import { lowResolution } from './resolution';

/** A sheet's report fields, every one known (a sheet number or title not found is null). */
export type SheetFields = { [K in keyof Omit<SheetReport, 'number' | 'sheetNumber' | 'sheetTitle'>]: NonNullable<SheetReport[K]> } & Pick<
  SheetReport,
  'sheetNumber' | 'sheetTitle'
>;

/**
 * One sheet's report, and its preview as a PNG when `previewPx` (its long side) is given. A sheet whose paths lineworkOf() can judge
 * from its content stream has MuPDF interpret only the rest (reportByLinework), and its preview, in
 * grey, rendered straight from the page (one interpretation and one render, no display list of the
 * whole sheet); any other is interpreted whole (reportWhole).
 */
export function reportSheet(page: mupdf.Page, previewPx: number): { sheet: SheetFields; preview: Uint8Array | null } {
  let sheet: SheetFields | null = null;
  try {
    sheet = reportByLinework(page);
  } catch (error) {
    // A stream MuPDF will not hand over whole: the whole interpretation has its own way with it.
    // A MuPDF.js that has changed under the adapter is no sheet's fault: say so.
    if (error instanceof MupdfChangedError) throw error;
  }
  if (sheet) return { sheet, preview: previewPx ? pagePreviewOf(page, previewPx) : null };
  return reportWhole(page, previewPx);
}

/**
 * The report of a sheet interpreted once, into a display list: a pass over the list sees every color
 * painted, and only a sheet with colored ink, or with paint whose color a pass cannot judge, is
 * rendered at ANALYSIS_DPI to measure how much of it is colored (most sheets of a set are black
 * linework: no render). Text (scale notes) and images' placement (resolution at print size) come from
 * the list's structured text.
 */
export function reportWhole(page: mupdf.Page, previewPx: number): { sheet: SheetFields; preview: Uint8Array | null } {
  const bounds = page.getBounds();
  const list = page.toDisplayList(true);
  try {
    const marks = noMarks();
    const seen = survey(list, bounds, marks);
    let preview: Uint8Array | null = null;
    let inked = seen.ink;
    let colorShare = 0;
    let color = false;
    if (seen.tinted || seen.unsure) {
      // Images, shadings and the like may color any pixel: then the whole sheet is rendered.
      const part = seen.unsure ? null : colorOf(list, bounds, seen.tintedBounds);
      // The whole sheet's render at ANALYSIS_DPI makes the preview too, when that is no larger.
      const measured = part ?? colorOf(list, bounds, null, (pixmap) => (preview = previewPx ? downscaledPreviewOf(pixmap, bounds, previewPx) : null));
      if (measured) {
        inked = measured.inked;
        colorShare = measured.colorShare;
      }
      // Colored paths and text count however thin, once seen on the printed sheet: any colored pixel
      // where only they fell, or else in a finer render of there; what only pixels judge (images,
      // shadings) counts from COLOR_SHARE on.
      color =
        colorShare >= COLOR_SHARE || (part !== null && part.colorShare > 0) || (seen.tintedBounds !== null && visibleColor(list, bounds, seen.tintedBounds));
    }
    if (previewPx && !preview) preview = previewOf(list, bounds, previewPx, seen.tinted || seen.unsure);
    return { sheet: sheetOf(list, bounds, inked, { color, colorShare: Math.min(1, colorShare) }, { page, marks }), preview };
  } finally {
    list.destroy();
  }
}

/**
 * The report of a sheet whose paths lineworkOf() judges from its content stream, or null when it
 * cannot (or the rest of the sheet holds color: it is then to be rendered whole). MuPDF interprets
 * the content without those paths, put in the page's place for the moment; the page is left as it was.
 */
export function reportByLinework(page: mupdf.Page): SheetFields | null {
  const pdf = documentOf(page);
  if (!pdf) return null;
  const obj = (page as mupdf.PDFPage).getObject();
  const contents = obj.get('Contents');
  const streams = contentStreams(obj);
  if (!streams.every((stream) => stream.isStream())) return null;
  const bytes = contentOf(streams);
  if (!bytes) return null;

  const resources = obj.getInheritable('Resources');
  const extGState = lookup(resources, 'ExtGState', modelledState);
  const colorSpace = lookup(resources, 'ColorSpace', spaceType);
  const bounds = page.getBounds();
  const judged = lineworkOf(bytes, { ctm: (page as mupdf.PDFPage).getTransform(), sheet: bounds, extGState, colorSpace });
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
      //  - color: a pass straight over the page, which drops nothing, must find none (or the whole
      //    sheet, seeing color, would be judged by its pixels).
      // The linework's marks, and those of the rest (text, forms) as the list has them.
      const marks = judged.marks;
      const seen = survey(list, bounds, marks);
      if (seen.tinted || seen.unsure || (!judged.ink && !seen.ink)) return null;
      const all = survey(page, bounds);
      if (all.tinted || all.unsure) return null;
      return sheetOf(list, bounds, true, { color: false, colorShare: 0 }, { page, marks });
    } finally {
      list.destroy();
    }
  } finally {
    obj.put('Contents', contents);
    pdf.deleteObject(rest);
  }
}

/** The report's fields from a sheet's display list, given what was found of ink and color. */
function sheetOf(
  list: mupdf.DisplayList,
  bounds: readonly number[],
  inked: boolean,
  { color, colorShare }: { color: boolean; colorShare: number },
  { page, marks }: { page: mupdf.Page; marks: Marks },
): SheetFields {
  const text = list.toStructuredText('preserve-images');
  try {
    const chars = text.asText();
    const lines = textLines(text, bounds);
    const { sheetNumber, sheetTitle } = findSheetNumber(lines, { width: bounds[2] - bounds[0], height: bounds[3] - bounds[1] });
    const missing = documentOf(page) ? unembeddedFonts(page as mupdf.PDFPage) : new Set<string>();
    return {
      color,
      colorShare,
      blank: !inked && chars.trim() === '',
      scaleNotes: findScaleNotes(chars),
      lowResolution: lowResolution(text, bounds),
      sheetNumber,
      sheetTitle,
      // Every sheet's list is read: the drawing index is on whichever sheet carries it (shared/sheetNumbers.ts, drawingIndexOf).
      listedSheets: listedSheetNumbers(chars),
      printFindings: findingsOf(marks, lines, missing),
    };
  } finally {
    text.destroy();
  }
}

/** A line of MuPDF's structured text as its JSON gives it. */
type JsonLine = { bbox: { x: number; y: number; w: number; h: number }; font: { name: string; size: number }; text: string };

/**
 * The lines of a sheet's structured text, each with its font size, placed from the sheet's top left.
 * From MuPDF's JSON of the page, one call: walking it char by char from JavaScript costs a dense
 * sheet several times as much.
 */
function textLines(text: mupdf.StructuredText, [x, y]: readonly number[]): (TextLine & { font: string })[] {
  const lines: (TextLine & { font: string })[] = [];
  const page = JSON.parse(text.asJSON()) as { blocks: { type: string; lines?: JsonLine[] }[] };
  for (const block of page.blocks) {
    for (const line of block.lines ?? []) {
      const words = line.text.trim();
      if (!words) continue;
      const { bbox } = line;
      lines.push({ text: words, font: line.font.name, size: line.font.size, x0: bbox.x - x, y0: bbox.y - y, x1: bbox.x + bbox.w - x, y1: bbox.y + bbox.h - y });
    }
  }
  return lines;
}
