import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ARCH_D, LETTER, makeDrawingPdf } from '#test/helpers/pdf';
import * as mupdf from 'mupdf';
import { judgeSheets } from '#shared/upload';
import { analyzePdf, analyzerPid, keepPdfPages, stopSpareAnalyzer } from './analyze';
import { tempDirForFile } from '#test/helpers/tempDir';

/** Edits a PDF with MuPDF's own writer (the file stays valid). */
function edit(pdf: Buffer, change: (doc: mupdf.PDFDocument) => void): Buffer {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf').asPDF();
  if (!doc) throw new Error('not a PDF');
  change(doc);
  return Buffer.from(doc.saveToBuffer('').asUint8Array());
}

/** What MuPDF's own page bounds say about a file, judged by the same rules. */
function judgedByPageBounds(pdf: Buffer) {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const sheets = Array.from({ length: doc.countPages() }, (_, i) => {
    const [x0, y0, x1, y1] = doc.loadPage(i).getBounds();
    return { width: x1 - x0, height: y1 - y0 };
  });
  return judgeSheets(sheets.length, sheets);
}

let dir: string;
let previewDir: string;
tempDirForFile('bp-analyze-test-', (d) => {
  dir = d;
  previewDir = path.join(dir, 'previews');
});
afterAll(() => {
  stopSpareAnalyzer();
});

async function write(name: string, bytes: Buffer | Promise<Buffer>): Promise<string> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, await bytes);
  fs.rmSync(previewDir, { recursive: true, force: true });
  fs.mkdirSync(previewDir);
  return file;
}

describe('analyzePdf (MuPDF in a child process)', () => {
  it('measures an accepted set and renders PNG previews of its first sheets only', async () => {
    const file = await write('set.pdf', makeDrawingPdf({ pages: 4, size: ARCH_D }));
    const result = await analyzePdf(file, { previewDir, maxPreviews: 3, previewPx: 200 });
    expect(result.verdict).toMatchObject({ status: 'ready', pageCount: 4, detectedSize: '24x36' });
    expect(result.previewCount).toBe(3);
    expect(fs.readdirSync(previewDir).sort()).toEqual(['1.png', '2.png', '3.png']);
    const png = fs.readFileSync(path.join(previewDir, '1.png'));
    // PNG signature, then the IHDR width and height: 200 px on the long (36") side.
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(200);
    expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(133);
    expect(png.readUInt32BE(20)).toBeLessThanOrEqual(134);
  });

  it('measures sheets as MuPDF shows them: crop box, inherited media box, UserUnit and /Rotate', async () => {
    const inch = 72;
    const variants: Record<string, Buffer> = {
      cropped: edit(await makeDrawingPdf({ pages: 2, size: { widthIn: 37, heightIn: 25 } }), (doc) => {
        for (let i = 0; i < 2; i++) doc.findPage(i).put('CropBox', [36, 36, 36 + 36 * inch, 36 + 24 * inch]);
      }),
      inherited: edit(await makeDrawingPdf({ pages: 2, size: { widthIn: 8.5, heightIn: 11 } }), (doc) => {
        doc
          .getTrailer()
          .get('Root')
          .get('Pages')
          .put('MediaBox', [0, 0, 30 * inch, 42 * inch]);
        for (let i = 0; i < 2; i++) doc.findPage(i).delete('MediaBox');
      }),
      userUnit: edit(await makeDrawingPdf({ pages: 1, size: { widthIn: 12, heightIn: 18 } }), (doc) => doc.findPage(0).put('UserUnit', 2)),
      rotated: edit(await makeDrawingPdf({ pages: 1, size: { widthIn: 22, heightIn: 34 } }), (doc) => doc.findPage(0).put('Rotate', 270)),
      mixedRotation: edit(
        await makeDrawingPdf({
          sheets: [
            { widthIn: 36, heightIn: 24 },
            { widthIn: 36, heightIn: 24 },
            { widthIn: 8.5, heightIn: 11 },
          ],
        }),
        (doc) => doc.findPage(1).put('Rotate', 90),
      ),
    };
    const verdicts: Record<string, string | null> = {};
    for (const [name, pdf] of Object.entries(variants)) {
      const result = await analyzePdf(await write(`${name}.pdf`, pdf), { previewDir, maxPreviews: 0 });
      expect(result.verdict, name).toEqual(judgedByPageBounds(pdf));
      verdicts[name] = result.verdict.message ?? result.verdict.actualSize;
    }
    expect(verdicts.cropped).toBe('24" x 36"');
    expect(verdicts.inherited).toBe('30" x 42"');
    expect(verdicts.userUnit).toBe('24" x 36"');
    // ANSI D prints at 100% on 24" x 36" paper; the rotated sheet 2 is 24" x 36" as shown, and only
    // the letter sheet is refused.
    expect(verdicts.rotated).toBe('22" x 34"');
    expect(verdicts.mixedRotation).toMatch(/^Sheet 3 is 8\.5" x 11" \(Letter\), smaller than the smallest sheet we print, 17" x 22"\. /);
  });

  it('renders no previews for a rejected set', async () => {
    const file = await write('letter.pdf', makeDrawingPdf({ pages: 2, size: LETTER }));
    const result = await analyzePdf(file, { previewDir });
    expect(result.verdict).toMatchObject({ status: 'rejected', actualSize: '8.5" x 11"' });
    expect(result.previewCount).toBe(0);
    expect(fs.readdirSync(previewDir)).toEqual([]);
  });

  it('rejects a set with no pages', async () => {
    const file = await write('empty.pdf', makeDrawingPdf({ sheets: [] }));
    const result = await analyzePdf(file, { previewDir });
    expect(result.verdict).toMatchObject({ status: 'rejected', pageCount: 0 });
    expect(result.verdict.message).toMatch(/no pages/);
  });

  it('rejects more than 500 pages without measuring them', async () => {
    const file = await write('long.pdf', makeDrawingPdf({ pages: 501, size: { widthIn: 2, heightIn: 3 } }));
    const result = await analyzePdf(file, { previewDir });
    expect(result.verdict).toMatchObject({ status: 'rejected', pageCount: 501 });
    expect(result.verdict.message).toMatch(/501 pages; we accept at most 500/);
  }, 60_000);

  it('rejects a file MuPDF cannot open', async () => {
    const file = await write('junk.pdf', Buffer.from('%PDF-1.7\nthis is not really a PDF\n'));
    const result = await analyzePdf(file, { previewDir });
    expect(result.verdict).toMatchObject({ status: 'rejected', pageCount: null });
    expect(result.verdict.message).toMatch(/could not read your PDF/);
  });

  it('kills a child past its time limit and rejects the PDF with a clear message', async () => {
    const file = await write('slow.pdf', makeDrawingPdf({ pages: 1, size: ARCH_D }));
    // No spare: a cold child cannot start Node and MuPDF in 20 ms.
    stopSpareAnalyzer();
    const result = await analyzePdf(file, { previewDir, timeoutMs: 20 });
    expect(result.verdict).toMatchObject({ status: 'rejected', pageCount: null });
    expect(result.verdict.message).toMatch(/took too long/);
  });

  it('kills a child past its memory limit and rejects the PDF with a clear message', async () => {
    const file = await write('big.pdf', makeDrawingPdf({ pages: 1, size: ARCH_D }));
    stopSpareAnalyzer();
    const result = await analyzePdf(file, { previewDir, memoryLimitMb: 8 });
    expect(result.verdict).toMatchObject({ status: 'rejected', pageCount: null });
    expect(result.verdict.message).toMatch(/needs more memory/);
  });

  it('keeps the verdict and the previews made so far when rendering runs out of time', async () => {
    const file = await write('late.pdf', makeDrawingPdf({ pages: 50, size: ARCH_D }));
    await analyzePdf(file, { previewDir, maxPreviews: 1 }); // a warm spare for the next call
    const result = await analyzePdf(file, { previewDir, previewPx: 4000, timeoutMs: 1500 });
    expect(result.verdict).toMatchObject({ status: 'ready', pageCount: 50 });
    expect(result.previewCount).toBeLessThan(50);
    expect(fs.readdirSync(previewDir).length).toBeGreaterThanOrEqual(result.previewCount);
  }, 60_000);

  it('serves many jobs from one warm child, side by side, and starts another when it dies', async () => {
    const file = await write('warm.pdf', makeDrawingPdf({ pages: 3, size: ARCH_D }));
    await analyzePdf(file, { previewDir, report: false });
    const pid = analyzerPid();
    expect(pid).not.toBeNull();
    const results = await Promise.all([1, 2, 3].map(() => analyzePdf(file, { previewDir, maxPreviews: 0 })));
    for (const result of results) {
      expect(result.verdict).toMatchObject({ status: 'ready', pageCount: 3 });
      expect(result.reportComplete).toBe(true);
      expect(result.reports.map((r) => r.number)).toEqual([1, 2, 3]);
    }
    expect(analyzerPid()).toBe(pid);
    process.kill(pid ?? 0, 'SIGKILL');
    // Once this process has seen the child's exit (a loaded machine may take longer than a moment),
    // the next job starts a new child.
    for (let waited = 0; analyzerPid() === pid && waited < 10_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    const after = await analyzePdf(file, { previewDir, report: false });
    expect(after.verdict).toMatchObject({ status: 'ready', pageCount: 3 });
    expect(analyzerPid()).not.toBe(pid);
  }, 60_000);

  it("measures another file while a report is under way, so a verdict waits for no other upload's report", async () => {
    const long = await write('long-report.pdf', makeDrawingPdf({ pages: 60, size: ARCH_D, linework: 3000 }));
    const small = await write('small.pdf', makeDrawingPdf({ pages: 1, size: ARCH_D }));
    let sheetsReported = 0;
    const report = analyzePdf(long, { previewDir, onSheet: () => sheetsReported++ });
    // Once the report has begun, ask for a verdict: it is measured beside the report, not after it.
    while (sheetsReported === 0) await new Promise((r) => setTimeout(r, 5));
    const verdict = await analyzePdf(small, { previewDir, report: false });
    const reportedByThen = sheetsReported;
    expect(verdict.verdict).toMatchObject({ status: 'ready', pageCount: 1 });
    const done = await report;
    expect(done.reportComplete).toBe(true);
    expect(done.reports).toHaveLength(60);
    // Before, the verdict waited for the chunk under way (32 sheets) to end.
    expect(reportedByThen).toBeLessThan(32);
  }, 120_000);

  it('keeps the event loop free while MuPDF works', async () => {
    const file = await write('many.pdf', makeDrawingPdf({ pages: 60, size: ARCH_D }));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const result = await analyzePdf(file, { previewDir });
    clearInterval(timer);
    expect(result.previewCount).toBe(50);
    // The parent only waits on pipes: its timers keep firing while the child renders 50 previews.
    expect(ticks).toBeGreaterThan(result.elapsedMs / 10 / 4);
  }, 60_000);
});

describe('keepPdfPages', () => {
  it('writes the file with only the pages kept, in order, layers and all', async () => {
    // A hidden layer on every page: the file without a page must keep it hidden.
    const pdf = edit(await makeDrawingPdf({ sheets: [ARCH_D, LETTER, ARCH_D] }), (doc) => {
      const layer = doc.addObject(doc.newDictionary());
      layer.put('Type', doc.newName('OCG'));
      layer.put('Name', doc.newString('Hidden notes'));
      const props = doc.newDictionary();
      const ocgs = doc.newArray();
      ocgs.push(layer);
      props.put('OCGs', ocgs);
      const off = doc.newArray();
      off.push(layer);
      const d = doc.newDictionary();
      d.put('OFF', off);
      props.put('D', d);
      doc.getTrailer().get('Root').put('OCProperties', props);
    });
    const file = await write('three.pdf', pdf);
    const out = path.join(dir, 'kept.pdf');
    expect(await keepPdfPages(file, [0, 2], out)).toEqual({ pageCount: 2 });
    const kept = mupdf.Document.openDocument(fs.readFileSync(out), 'application/pdf');
    const sizes = Array.from({ length: kept.countPages() }, (_, i) =>
      kept
        .loadPage(i)
        .getBounds()
        .map((n) => n / 72),
    );
    expect(sizes).toEqual([
      [0, 0, 36, 24],
      [0, 0, 36, 24],
    ]);
    expect(kept.loadPage(1).toStructuredText('').asText()).toContain('A-103');
    const hidden = kept.asPDF()?.getTrailer().get('Root').get('OCProperties').get('D').get('OFF');
    expect(hidden?.length).toBe(1);
    kept.destroy();
  });

  it('answers unreadable for a file MuPDF cannot open', async () => {
    const file = await write('not.pdf', Buffer.from('%PDF-1.7 nothing else'));
    expect(await keepPdfPages(file, [0], path.join(dir, 'never.pdf'))).toEqual({ failed: 'unreadable' });
    expect(fs.existsSync(path.join(dir, 'never.pdf'))).toBe(false);
  });
});
