/**
 * A batch's PDF as the counter prints it, measured from what its pages show (rendered by MuPDF and
 * by poppler), not from its metadata: every page exactly the paper, each sheet at 100% or exactly
 * 50%, centred and turned, B&W pages without any chroma whatever ink the file used, sets collated,
 * a banner whose bar is 10" on every paper, and a sheet stored once however many sets place it.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { ANSI_D, ARCH_D, ARCH_E1, layeredPdf, makeDrawingPdf } from '#test/helpers/pdf';
import { inkBoxInches, longestRowInches, maxChroma, renderWithMupdf, renderWithPoppler, type PagePixels } from '#test/helpers/pagePixels';
import { tempDirForFile } from '#test/helpers/tempDir';
import { readCode128Row } from '#test/helpers/barcode';
import { pdfPageTexts } from '#test/helpers/pdfPages';
import { buildPrintFile, measureSheets, mupdfComplaints, type BatchToBuild, type SourceFile } from './printFile';
import type { BannerFacts } from './banner';

let dir = '';
tempDirForFile('print-file-', (d) => (dir = d));

const BANNER: BannerFacts = {
  orderNumber: 'AB12CD34',
  recipient: 'Zoë Brennan',
  jobName: 'Riverside Clinic — Phase 2',
  setsText: '2 sets',
  sheetsText: 'A-101, A-102',
  paperText: '24" x 36", black and white',
  finishing: ['No finishing'],
  dueText: 'Monday, Nov 30 by 11:00 AM',
  batchText: 'Batch 1 of 4',
};

/** A red-inked set of ARCH D, ANSI D and ARCH E1 sheets, written to a file MuPDF reads. */
async function redSet(): Promise<SourceFile> {
  const file = path.join(dir, `set-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, await makeDrawingPdf({ sheets: [ARCH_D, ANSI_D, ARCH_E1], ink: '#d01010', linework: 4000 }));
  return { path: file, firstPosition: 1, pageCount: 3 };
}

function pageSizes(pdf: Buffer): number[][] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    return Array.from({ length: doc.countPages() }, (_, i) => doc.loadPage(i).getBounds());
  } finally {
    doc.destroy();
  }
}

const build = (source: SourceFile, batch: Partial<BatchToBuild>) =>
  buildPrintFile([source], { paper: '24x36', ink: 'bw', sets: 1, positions: [1, 2], scale: 1, ...batch }, BANNER);

// The drawing's border is stroked 4 pt wide along a rectangle 0.5" inside the sheet: its ink spans
// the sheet less 68 pt each way.
const inked = (sheetIn: number, scale = 1) => ((sheetIn * 72 - 68) * scale) / 72;

describe('a batch file', () => {
  it("finds no sheet in a damaged file, and MuPDF's complaints stay off the console (the test setup fails on console.error)", () => {
    const file = path.join(dir, 'broken.pdf');
    fs.writeFileSync(file, '%PDF-1.4\nnot a drawing at all\n');
    const sheets = (() => {
      try {
        return measureSheets([{ path: file, firstPosition: 1, pageCount: 1 }]);
      } catch {
        return [];
      }
    })();
    expect(sheets).toEqual([]);
    expect(mupdfComplaints().length).toBeGreaterThan(0);
  });

  it('measures each sheet as shown', async () => {
    const source = await redSet();
    expect(measureSheets([source]).map((s) => [s.widthIn, s.heightIn])).toEqual([
      [36, 24],
      [34, 22],
      [42, 30],
    ]);
  });

  it('is exactly the paper on every page, collated, each sheet at 100%, centred and turned', async () => {
    const source = await redSet();
    const file = build(source, { sets: 2, ink: 'color' });
    expect(file.pages).toBe(5);
    for (const bounds of pageSizes(file.bytes)) expect(bounds).toEqual([0, 0, 1728, 2592]);
    const boxes = [1, 2, 3, 4].map((i) => inkBoxInches(renderWithMupdf(file.bytes, i, 20)));
    // Set 1 (ARCH D, ANSI D), then set 2 in the same order.
    const archD = { width: inked(24), height: inked(36), left: (24 - inked(24)) / 2, top: (36 - inked(36)) / 2 };
    const ansiD = { width: inked(22), height: inked(34), left: (24 - inked(22)) / 2, top: (36 - inked(34)) / 2 };
    for (const [box, want] of [boxes[0], boxes[1], boxes[2], boxes[3]].map((b, i) => [b, i % 2 ? ansiD : archD] as const)) {
      expect(box?.width).toBeCloseTo(want.width, 1);
      expect(box?.height).toBeCloseTo(want.height, 1);
      expect(box?.left).toBeCloseTo(want.left, 1);
      expect(box?.top).toBeCloseTo(want.top, 1);
    }
    // A color batch keeps the customer's ink.
    expect(maxChroma(renderWithMupdf(file.bytes, 1, 10))).toBeGreaterThan(100);
  });

  it('puts a half-size set at exactly 50% on 12" x 18"', async () => {
    const source = await redSet();
    const file = build(source, { paper: '12x18', scale: 0.5 });
    for (const bounds of pageSizes(file.bytes)) expect(bounds).toEqual([0, 0, 864, 1296]);
    const box = inkBoxInches(renderWithMupdf(file.bytes, 1, 40));
    expect(box?.width).toBeCloseTo(inked(24, 0.5), 1);
    expect(box?.height).toBeCloseTo(inked(36, 0.5), 1);
  });

  it('prints B&W pages with no chroma at all, in MuPDF and in poppler, though the file is red', async () => {
    const source = await redSet();
    const file = build(source, { positions: [1, 2, 3], paper: '30x42', sets: 1 });
    for (const page of [1, 2, 3]) {
      const mu = renderWithMupdf(file.bytes, page, 10);
      const pop = await renderWithPoppler(file.bytes, page, 10);
      expect(maxChroma(mu)).toBe(0);
      expect(maxChroma(pop)).toBe(0);
      // …and the drawing is still there, in gray.
      expect(inkBoxInches(pop)).not.toBeNull();
    }
  });

  it('stores a sheet once: ten sets weigh about what one does', async () => {
    const source = await redSet();
    const one = build(source, { sets: 1 });
    const ten = build(source, { sets: 10 });
    expect(ten.pages).toBe(21);
    expect(ten.bytes.length).toBeLessThan(one.bytes.length * 1.1);
    expect(one.bytes.length).toBeLessThan(fs.statSync(source.path).size * 1.2);
  });

  it.each([
    ['24x36', 1, 0],
    ['12x18', 0.5, 1],
    ['30x42', 1, 2],
  ] as const)('opens with a banner on %s whose bar measures 10" and whose barcode reads the order number', async (paper, scale, position) => {
    const source = await redSet();
    const file = build(source, { paper, scale, positions: [position + 1] });
    const banner = renderWithMupdf(file.bytes, 0, 100);
    expect(longestRowInches(banner)).toBeCloseTo(10, 1);
    expect(maxChroma(banner)).toBe(0);
    const text = (await pdfPageTexts(file.bytes))[0].replace(/\s+/g, ' ');
    for (const words of ['Order AB12CD34', 'Zoë Brennan', 'Riverside Clinic — Phase 2', 'A-101, A-102', 'Monday, Nov 30 by 11:00 AM', '2 sets']) {
      expect(text).toContain(words);
    }
    const base = Math.max(12, Math.min(36, (pageSizes(file.bytes)[0][2] as number) / 40));
    expect(await readCode128Row(file.bytes, { y: 54 + 5.5 * base })).toBe('AB12CD34');
  });

  it('places a sheet whose content is split over several streams, and bakes its annotations in', async () => {
    // One ARCH D page: its left mark in one content stream, its right mark in another, a square annotation in the middle.
    const doc = new mupdf.PDFDocument();
    const page = doc.addPage([0, 0, 2592, 1728], 0, doc.newDictionary(), '');
    const parts = doc.newArray();
    parts.push(doc.addStream('0 g 36 36 72 1656 re f', {}));
    parts.push(doc.addStream('0 g 2484 36 72 1656 re f', {}));
    page.put('Contents', parts);
    doc.insertPage(-1, page);
    const file = path.join(dir, 'split.pdf');
    fs.writeFileSync(file, doc.saveToBuffer('').asUint8Array());
    const annot = doc.loadPage(0).createAnnotation('Square');
    annot.setRect([1200, 700, 1400, 1000]);
    annot.setInteriorColor([0, 0, 0]);
    annot.update();
    const marked = path.join(dir, 'split-marked.pdf');
    fs.writeFileSync(marked, doc.saveToBuffer('').asUint8Array());
    doc.destroy();
    const render = (source: string) =>
      renderWithMupdf(
        buildPrintFile([{ path: source, firstPosition: 1, pageCount: 1 }], { paper: '24x36', ink: 'bw', sets: 1, positions: [1], scale: 1 }, BANNER).bytes,
        1,
        20,
      );
    const plain = render(file);
    // Turned onto the portrait paper, the two marks span the paper's whole height (0.5" to 35.5").
    const box = inkBoxInches(plain);
    expect(box?.top).toBeCloseTo(0.5, 1);
    expect(box?.height).toBeCloseTo(35, 1);
    // The annotation prints: the marked sheet has more ink, a 200 x 300 pt square's worth.
    const inked = (p: typeof plain) => p.rgb.filter((v, i) => i % 3 === 0 && v < 128).length;
    expect(inked(render(marked)) - inked(plain)).toBeGreaterThan(((200 * 300) / 72 / 72) * 20 * 20 * 0.9);
  });
});

describe('a batch of several files', () => {
  it("holds sheets of two files of the set, each in its place, at 100%, with each file's own fonts", async () => {
    const files = await Promise.all(
      [1, 2].map(async (n) => {
        const file = path.join(dir, `file-${n}.pdf`);
        fs.writeFileSync(file, await makeDrawingPdf({ sheets: [ARCH_D], title: `Sheet of file ${n}` }));
        return file;
      }),
    );
    const sources: SourceFile[] = files.map((file, i) => ({ path: file, firstPosition: i + 1, pageCount: 1 }));
    const built = buildPrintFile(sources, { paper: '24x36', ink: 'bw', sets: 2, positions: [1, 2], scale: 1 }, BANNER);
    expect(built.pages).toBe(5);
    expect(pageSizes(built.bytes).slice(1)).toEqual(Array.from({ length: 4 }, () => [0, 0, 1728, 2592]));
    for (const page of [1, 2]) {
      const box = inkBoxInches(renderWithMupdf(built.bytes, page, 20));
      expect(box?.width).toBeCloseTo(inked(24), 1);
      expect(box?.height).toBeCloseTo(inked(36), 1);
    }
    // Each sheet's words are its own file's, drawn in its own font.
    const texts = await pdfPageTexts(built.bytes);
    expect(texts[1]).toContain('Sheet of file 1');
    expect(texts[2]).toContain('Sheet of file 2');
  });
});

describe('layers', () => {
  /** How many pixels are of each pure ink: red (the hidden layer), blue (the shown one). */
  const inks = (p: PagePixels) => {
    let red = 0;
    let blue = 0;
    for (let i = 0; i < p.rgb.length; i += 3) {
      const [r, g, b] = [p.rgb[i], p.rgb[i + 1], p.rgb[i + 2]];
      if (r > 200 && g < 60 && b < 60) red++;
      if (b > 200 && r < 60 && g < 60) blue++;
    }
    return { red, blue };
  };

  it("keeps a layer the customer's file hides hidden, in MuPDF and in poppler, and prints the layers it shows", async () => {
    const file = path.join(dir, 'layered.pdf');
    fs.writeFileSync(file, await layeredPdf());
    const sources: SourceFile[] = [{ path: file, firstPosition: 1, pageCount: 1 }];
    // The file itself, as the previews drew it: the red layer is hidden.
    expect(inks(renderWithMupdf(fs.readFileSync(file), 0, 10)).red).toBe(0);
    for (const scale of [1, 'reduced'] as const) {
      const built = buildPrintFile(sources, { paper: scale === 1 ? '24x36' : '11x17', ink: 'color', sets: 2, positions: [1], scale }, BANNER);
      for (const page of [1, 2]) {
        for (const rendered of [renderWithMupdf(built.bytes, page, 10), await renderWithPoppler(built.bytes, page, 10)]) {
          const seen = inks(rendered);
          expect(seen.red).toBe(0);
          expect(seen.blue).toBeGreaterThan(0);
        }
      }
    }
  });
});
