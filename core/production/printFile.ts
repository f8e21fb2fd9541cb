/**
 * Builds one batch's print-ready PDF with MuPDF: a banner page, then each set's sheets in order
 * (collated), every page exactly the paper. Each source sheet is copied into the file once, as a form
 * XObject, and every set's page only places it (`cm` + `Do`), so ten sets weigh about what one does.
 * A B&W batch paints the sheet's saturation away (a gray fill in the Saturation blend mode over an
 * opaque white page), so a render of it has no chroma whatever inks the customer's file used. A
 * reduced set's sheet is the one not at true scale: fit inside a margin of its 11" x 17" paper and
 * marked "REDUCED — NOT TO SCALE" in that margin, below the drawing as it reads.
 */
import * as mupdf from 'mupdf';
import { REDUCED_MARK } from '#shared/finishing';
import { PAPER_INCHES, type Ink, type Paper } from '#shared/production';
import { POINTS_PER_INCH } from '#shared/sheets';
import { carryLayers } from '../services/pdf/layers';
import { openFile } from '../services/pdf/openFile';
import { bannerContent, latinHex, type BannerFacts } from './banner';
import { fitScale, normalRotate, placeSheet, readingFrame, type Matrix, type SheetBox } from './placement';

// MuPDF tells of a damaged file on stderr (console.error in this process) before it repairs it or
// throws. In the worker the build's own outcome says what went wrong; keep the last few lines for it.
const mupdfSaid: string[] = [];
mupdf.setLog({
  error: (message: string) => void mupdfSaid.splice(0, Math.max(0, mupdfSaid.length - 9), message),
  warning: (message: string) => void mupdfSaid.splice(0, Math.max(0, mupdfSaid.length - 9), message),
});

/** What MuPDF last said about a file (at most ten lines), for a log line when a build fails. */
export function mupdfComplaints(): string[] {
  return [...mupdfSaid];
}

/** One file of the set: where MuPDF reads it and the set-wide position of its first sheet. */
export type SourceFile = { path: string; firstPosition: number; pageCount: number };

/** What to build: the sheets (set-wide positions, in order), how many sets, on which paper, at which scale. */
export type BatchToBuild = {
  paper: Paper;
  ink: Ink;
  sets: number;
  positions: number[];
  /**
   * 1 for 100%, 0.5 for a half-size set; `fit` when the customer chose one paper for every sheet (not
   * to scale); `reduced` for a reduced set: fit inside REDUCED_MARGIN_POINTS and marked in that margin.
   */
  scale: number | 'fit' | 'reduced';
};

/** A reduced sheet's margin on every side (0.5"): the drawing stays inside it, the mark sits in it. */
export const REDUCED_MARGIN_POINTS = 36;
/** The mark's size and its baseline's distance from the paper's edge (clear of a printer's unprintable edge, below the drawing). */
const MARK_SIZE = 11;
const MARK_BASELINE = 19;

/** The built file and what it holds. */
export type BuiltPrintFile = { bytes: Buffer; pages: number };

/** The paper's page: portrait, short side across, in points. */
export function paperPoints(paper: Paper): { w: number; h: number } {
  const { shortIn, longIn } = PAPER_INCHES[paper];
  return { w: shortIn * POINTS_PER_INCH, h: longIn * POINTS_PER_INCH };
}

const fmt = (n: number) => (Math.abs(n) < 1e-9 ? '0' : String(Number(n.toFixed(6))));
const cm = (m: Matrix) => `${m.map(fmt).join(' ')} cm`;

/** [x0, y0, x1, y1] of a page box, or null. */
function boxOf(page: mupdf.PDFObject, key: string): [number, number, number, number] | null {
  const box = page.getInheritable(key);
  if (!box.isArray() || box.length < 4) return null;
  const v = [0, 1, 2, 3].map((i) => box.get(i));
  if (!v.every((n) => n.isNumber())) return null;
  const [a, b, c, d] = v.map((n) => n.asNumber());
  return [Math.min(a, c), Math.min(b, d), Math.max(a, c), Math.max(b, d)];
}

/** A source page's sheet box: the CropBox within the MediaBox, its /Rotate and /UserUnit. */
function sheetBoxOf(page: mupdf.PDFObject): SheetBox & { unit: number } {
  const media = boxOf(page, 'MediaBox') ?? [0, 0, 612, 792];
  const crop = boxOf(page, 'CropBox');
  const box: [number, number, number, number] = crop
    ? [Math.max(crop[0], media[0]), Math.max(crop[1], media[1]), Math.min(crop[2], media[2]), Math.min(crop[3], media[3])]
    : media;
  const rotateObj = page.getInheritable('Rotate');
  const unitObj = page.get('UserUnit');
  return {
    box,
    rotate: normalRotate(rotateObj.isNumber() ? rotateObj.asNumber() : 0),
    unit: unitObj.isNumber() && unitObj.asNumber() > 0 ? unitObj.asNumber() : 1,
  };
}

/**
 * Puts the page's content into `out` as the form XObject `form` describes. One content stream (the
 * usual case) is copied as stored, still compressed: decoding and compressing again a dense sheet's
 * half-million operators cost more than the rest of the build. Several are joined, decoded.
 */
function addContent(out: mupdf.PDFDocument, page: mupdf.PDFObject, form: mupdf.PDFObject, graft: mupdf.PDFGraftMap): mupdf.PDFObject {
  const contents = page.get('Contents');
  if (contents.isStream()) {
    for (const key of ['Filter', 'DecodeParms']) {
      const value = contents.get(key);
      if (!value.isNull()) form.put(key, graft.graftObject(value));
    }
    return out.addRawStream(contents.readRawStream(), form);
  }
  const parts: Uint8Array[] = [];
  if (contents.isArray()) {
    for (let i = 0; i < contents.length; i++) parts.push(contents.get(i).readStream().asUint8Array().slice(), new Uint8Array([10]));
  }
  return out.addStream(Buffer.concat(parts), form);
}

/** True when some page of the document has annotations (only then is baking them worth its time). */
function hasAnnotations(doc: mupdf.PDFDocument): boolean {
  for (let i = 0; i < doc.countPages(); i++) {
    const annots = doc.findPage(i).get('Annots');
    if (annots.isArray() && annots.length > 0) return true;
  }
  return false;
}

/**
 * Builds the batch. The sources' annotations (a reviewer's markups are often annotations) are baked
 * into their pages first, so what the customer saw is what prints.
 */
export function buildPrintFile(sources: readonly SourceFile[], batch: BatchToBuild, banner: BannerFacts): BuiltPrintFile {
  const out = new mupdf.PDFDocument();
  // A graft map copies from one document only: each source file has its own.
  const opened = new Map<SourceFile, { doc: mupdf.PDFDocument; graft: mupdf.PDFGraftMap }>();
  try {
    const { w: W, h: H } = paperPoints(batch.paper);

    // The banner: never scaled, on the batch's own paper.
    const font = out.addSimpleFont(new mupdf.Font('Helvetica'), 'Latin');
    const fontBold = out.addSimpleFont(new mupdf.Font('Helvetica-Bold'), 'Latin');
    const bannerResources = out.newDictionary();
    const fonts = out.newDictionary();
    fonts.put('F1', font);
    fonts.put('F2', fontBold);
    bannerResources.put('Font', fonts);
    out.insertPage(-1, out.addPage([0, 0, W, H], 0, bannerResources, bannerContent(banner, W, H)));

    // The reduced sets' margin mark, in the bold Helvetica, centred by its own glyph widths.
    const markFont = new mupdf.Font('Helvetica-Bold');
    const markWidth = [...REDUCED_MARK].reduce((w, ch) => w + markFont.advanceGlyph(markFont.encodeCharacter(ch)), 0) * MARK_SIZE;

    const gray = out.newDictionary();
    gray.put('Type', out.newName('ExtGState'));
    gray.put('BM', out.newName('Saturation'));
    const grayRef = out.addObject(gray);

    // Each sheet once: its XObject, the resources that name it and its placing content.
    const placed = batch.positions.map((position) => {
      const source = sources.find((s) => position >= s.firstPosition && position < s.firstPosition + s.pageCount);
      if (!source) throw new RangeError(`no file holds sheet ${position}`);
      let open = opened.get(source);
      if (!open) {
        const opening = openFile(source.path);
        const pdf = opening.asPDF();
        if (!pdf) throw new Error(`${source.path} is not a PDF`);
        if (hasAnnotations(pdf)) pdf.bake(true, true);
        open = { doc: pdf, graft: out.newGraftMap() };
        opened.set(source, open);
      }
      const { doc, graft } = open;
      const page = doc.findPage(position - source.firstPosition);
      const sheet = sheetBoxOf(page);
      const form = out.newDictionary();
      form.put('Type', out.newName('XObject'));
      form.put('Subtype', out.newName('Form'));
      const bbox = out.newArray();
      for (const n of sheet.box) bbox.push(n);
      form.put('BBox', bbox);
      const resources = page.getInheritable('Resources');
      form.put('Resources', resources.isNull() ? out.newDictionary() : graft.graftObject(resources));
      const group = page.get('Group');
      if (!group.isNull()) form.put('Group', graft.graftObject(group));
      const xobject = addContent(out, page, form, graft);

      const pageResources = out.newDictionary();
      const xobjects = out.newDictionary();
      xobjects.put('S', xobject);
      pageResources.put('XObject', xobjects);
      const states = out.newDictionary();
      states.put('G', grayRef);
      pageResources.put('ExtGState', states);
      const m = REDUCED_MARGIN_POINTS;
      const scale =
        batch.scale === 'reduced' ? fitScale(sheet, W - 2 * m, H - 2 * m) : batch.scale === 'fit' ? fitScale(sheet, W, H) : batch.scale * sheet.unit;
      const matrix = placeSheet(sheet, W, H, scale);
      let mark = '';
      if (batch.scale === 'reduced') {
        const pageFonts = out.newDictionary();
        pageFonts.put('M', fontBold);
        pageResources.put('Font', pageFonts);
        const frame = readingFrame(sheet, W, H);
        const x = (frame.w - markWidth) / 2;
        mark = `q ${cm(frame.matrix)} BT 0 g /M ${MARK_SIZE} Tf ${fmt(x)} ${MARK_BASELINE} Td ${latinHex(REDUCED_MARK)} Tj ET Q\n`;
      }
      // A white page first: the blend needs an opaque backdrop, and a RIP then knows the page is paper.
      const bw = batch.ink === 'bw' ? `q /G gs 0 g 0 0 ${W} ${H} re f Q\n` : '';
      const content = `q 1 g 0 0 ${W} ${H} re f Q\nq ${cm(matrix)} /S Do Q\n${mark}${bw}`;
      return { pageResources, content };
    });

    for (let set = 0; set < batch.sets; set++) {
      for (const sheet of placed) out.insertPage(-1, out.addPage([0, 0, W, H], 0, sheet.pageResources, sheet.content));
    }
    // A layer the customer's file hides stays hidden: what prints is what the previews showed.
    carryLayers(out, [...opened.values()]);
    const pages = out.countPages();
    const bytes = Buffer.from(out.saveToBuffer('compress').asUint8Array());
    return { bytes, pages };
  } finally {
    for (const { doc, graft } of opened.values()) {
      graft.destroy();
      doc.destroy();
    }
    out.destroy();
  }
}

/** Each sheet's size as shown (its /Rotate and /UserUnit applied), in inches, with its set-wide position. */
export function measureSheets(sources: readonly SourceFile[]): { position: number; widthIn: number; heightIn: number }[] {
  return sources.flatMap((source) => {
    const doc = openFile(source.path);
    try {
      const pdf = doc.asPDF();
      if (!pdf) throw new Error(`${source.path} is not a PDF`);
      return Array.from({ length: Math.min(source.pageCount, pdf.countPages()) }, (_, i) => {
        const sheet = sheetBoxOf(pdf.findPage(i));
        const [x0, y0, x1, y1] = sheet.box;
        const [w, h] = sheet.rotate % 180 ? [y1 - y0, x1 - x0] : [x1 - x0, y1 - y0];
        return { position: source.firstPosition + i, widthIn: (w * sheet.unit) / POINTS_PER_INCH, heightIn: (h * sheet.unit) / POINTS_PER_INCH };
      });
    } finally {
      doc.destroy();
    }
  });
}
