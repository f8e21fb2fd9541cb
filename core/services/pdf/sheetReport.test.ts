/**
 * The per-sheet report (docs/decisions/012-sheet-report-after-ready.md) on generated drawings of each kind, through the real MuPDF child:
 * color judged by rendered pixels, blank sheets, scale notes, low-resolution scans, and the ANSI
 * sizes rejected by name.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as mupdf from 'mupdf';
import PDFDocument from 'pdfkit';
import { afterAll, describe, expect, it } from 'vitest';
import { ANSI_D, ARCH_D, makeDrawingPdf } from '#test/helpers/pdf';
import { analyzePdf, stopSpareAnalyzer, type AnalyzeResult } from './analyze';
import { colorOf, pixelRect, survey, visibleColor } from './pixels';
import { tempDirForFile } from '#test/helpers/tempDir';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const W = 36 * 72;
const H = 24 * 72;
type Doc = InstanceType<typeof PDFDocument>;

/** A set of 36" x 24" sheets, each drawn by one function (none: a blank sheet). */
function drawingSet(sheets: ((doc: Doc) => void)[], size = { w: W, h: H }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, compress: true });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const draw of sheets) {
      doc.addPage({ size: [size.w, size.h], margin: 0 });
      draw(doc);
    }
    doc.end();
  });
}

/** Black linework: a border, a grid of walls and a black title. */
function bwDrawing(doc: Doc): void {
  doc
    .lineWidth(2)
    .rect(36, 36, W - 72, H - 72)
    .stroke('#000000');
  doc.lineWidth(0.5);
  for (let x = 144; x < W - 144; x += 72)
    doc
      .moveTo(x, 144)
      .lineTo(x, H - 144)
      .stroke('#000000');
  doc.fillColor('#000000').fontSize(36).text('FLOOR PLAN', 72, 72, { lineBreak: false });
}

/** The B&W drawing with red markup: two revision clouds in 1 pt red lines (≈ 0.1% of the sheet). */
function markedUp(doc: Doc): void {
  bwDrawing(doc);
  doc
    .lineWidth(1)
    .rect(300, 300, 12 * 72, 6 * 72)
    .stroke('#ff0000');
  doc
    .lineWidth(1)
    .rect(1400, 700, 12 * 72, 6 * 72)
    .stroke('#e00000');
}

/** A PNG of w x h pixels, color (a rainbow photo stand-in) or grey (a scan with paper noise). */
function png(w: number, h: number, kind: 'color' | 'grey'): Buffer {
  const space = kind === 'color' ? mupdf.ColorSpace.DeviceRGB : mupdf.ColorSpace.DeviceGray;
  const pixmap = new mupdf.Pixmap(space, [0, 0, w, h], false);
  const px = pixmap.getPixels();
  const n = kind === 'color' ? 3 : 1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * n;
      if (kind === 'color') {
        px[i] = (x * 255) / w;
        px[i + 1] = (y * 255) / h;
        px[i + 2] = 255 - (x * 255) / w;
      } else {
        px[i] = (x + y) % 40 < 3 ? 30 : 235 + ((x * 7 + y * 13) % 20);
      }
    }
  }
  return Buffer.from(pixmap.asPNG());
}

let dir: string;
tempDirForFile('bp-report-test-', (d) => (dir = d));
afterAll(() => {
  stopSpareAnalyzer();
});

let n = 0;
/**
 * Analyses a set twice: with a preview of every sheet, so each is interpreted whole, and with none,
 * so each sheet linework.ts can judge is reported the quick way; the reports must be the same.
 */
async function analyse(pdf: Buffer | Promise<Buffer>): Promise<AnalyzeResult> {
  const file = path.join(dir, `${++n}.pdf`);
  fs.writeFileSync(file, await pdf);
  const previewDir = path.join(dir, `previews-${n}`);
  fs.mkdirSync(previewDir);
  const whole = await analyzePdf(file, { previewDir });
  const quick = await analyzePdf(file, { previewDir, maxPreviews: 0 });
  expect(quick.reports).toEqual(whole.reports);
  return whole;
}

describe('color, judged from rendered pixels', () => {
  it('tells color sheets from black, white and grey ones whatever their color space', async () => {
    const result = await analyse(
      drawingSet([
        // 1. B&W drawing.
        bwDrawing,
        // 2. The same with red markup: two revision clouds in 1 pt red lines (≈ 0.1% of the sheet).
        markedUp,
        // 3. A blue title block.
        (doc) => {
          bwDrawing(doc);
          doc.rect(W - 8 * 72, H - 4 * 72, 7 * 72, 3 * 72).fill('#1e3a8a');
        },
        // 4. Grey hatching drawn in RGB, CMYK grey, and near-greys: not color.
        (doc) => {
          bwDrawing(doc);
          doc.lineWidth(1);
          for (let x = 200; x < 1800; x += 12)
            doc
              .moveTo(x, 400)
              .lineTo(x + 300, 1100)
              .stroke('#808080');
          doc.rect(1900, 300, 400, 400).fill([0, 0, 0, 40]);
          doc.rect(1900, 800, 400, 400).fill('#7a8078');
        },
        // 5. A color photo (raster) on the sheet.
        (doc) => {
          bwDrawing(doc);
          doc.image(png(300, 200, 'color'), 200, 300, { width: 6 * 72, height: 4 * 72 });
        },
        // 6. A scanned greyscale sheet (a grey raster over the whole sheet).
        (doc) => {
          doc.image(png(1800, 1200, 'grey'), 0, 0, { width: W, height: H });
        },
      ]),
    );
    expect(result.verdict.status).toBe('ready');
    expect(result.reportComplete).toBe(true);
    expect(result.reports.map((r) => r.color)).toEqual([false, true, true, false, true, false]);
  }, 60_000);

  it('measures color from a render of only where colored paint fell, to the same share as the whole sheet', async () => {
    const doc = mupdf.Document.openDocument(
      await drawingSet([
        // Red revision clouds over black linework, one partly hidden under a black block.
        (doc) => {
          markedUp(doc);
          doc.rect(320, 280, 200, 100).fill('#000000');
        },
        // Blue text and a blue block at opposite corners: a region as large as the sheet.
        (doc) => {
          bwDrawing(doc);
          doc.fillColor('#1e3a8a').fontSize(60).text('REV 3', 60, 60, { lineBreak: false });
          doc.rect(W - 300, H - 200, 200, 100).fill('#1e3a8a');
        },
        // A hairline of color reaching off the sheet.
        (doc) => {
          bwDrawing(doc);
          doc.lineWidth(0.25).moveTo(-100, 500).lineTo(900, 520).stroke('#00a000');
        },
      ]),
      'application/pdf',
    );
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      const list = page.toDisplayList(true);
      const bounds = page.getBounds();
      const seen = survey(list, bounds);
      expect(seen).toMatchObject({ tinted: true, unsure: false });
      const part = colorOf(list, bounds, seen.tintedBounds);
      expect(part, `sheet ${i + 1}`).toEqual(colorOf(list, bounds, null));
      expect(part!.colorShare).toBeGreaterThan(0);
      list.destroy();
      page.destroy();
    }
    doc.destroy();
  });

  it('renders the sheet into the pixel rectangle MuPDF would, at any size and offset', () => {
    const scale = 20 / 72;
    for (const [x0, y0, x1, y1, rotate] of [
      [0, 0, 2592, 1728, 0],
      [-33.3, 12.7, 1001.15, 777.77, 90],
      [5.5, -0.25, 3030.3, 2161.9, 180],
      [0.4, 0.6, 611.8, 791.2, 270],
    ] as const) {
      const made = new mupdf.PDFDocument();
      made.insertPage(-1, made.addPage([x0, y0, x1, y1], rotate, made.newDictionary(), '0 G 0 0 m 10 10 l S'));
      const doc = mupdf.Document.openDocument(made.saveToBuffer(''), 'application/pdf');
      const page = doc.loadPage(0);
      const pixmap = page.toDisplayList(true).toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
      expect(pixelRect(page.getBounds().map((v) => v * scale))).toEqual([
        pixmap.getX(),
        pixmap.getY(),
        pixmap.getX() + pixmap.getWidth(),
        pixmap.getY() + pixmap.getHeight(),
      ]);
      doc.destroy();
    }
  });
});

describe('color wherever it is', () => {
  const E1 = { w: 42 * 72, h: 30 * 72 };
  /** Dense black linework on a sheet of `w` x `h` points, as a CAD export draws it. */
  const dense = (w: number, h: number) => (doc: Doc) => {
    doc.lineWidth(0.35);
    for (let i = 0; i < 3000; i++) {
      const x = 72 + ((i * 97) % (w - 144));
      const y = 72 + ((i * 61) % (h - 144));
      doc.moveTo(x, y).lineTo(x + 40, y + (i % 3) * 10);
    }
    doc.stroke('#000000');
    doc.fillColor('#000000').fontSize(24).text('FLOOR PLAN', 100, 100, { lineBreak: false });
  };
  /** A revision cloud: a ring of arcs about `r` points around (x, y), in a `width` pt line. */
  const cloud = (doc: Doc, x: number, y: number, r: number, width: number, color: string) => {
    doc.lineWidth(width);
    const bumps = 24;
    for (let k = 0; k < bumps; k++) {
      const a = (k / bumps) * 2 * Math.PI;
      const b = ((k + 1) / bumps) * 2 * Math.PI;
      const mid = (a + b) / 2;
      doc
        .moveTo(x + r * Math.cos(a), y + r * Math.sin(a))
        .quadraticCurveTo(x + r * 1.25 * Math.cos(mid), y + r * 1.25 * Math.sin(mid), x + r * Math.cos(b), y + r * Math.sin(b));
    }
    doc.stroke(color);
  };

  it('finds a thin red revision cloud on every fifth sheet of a dense set', async () => {
    const sheets = Array.from({ length: 10 }, (_, i) => (doc: Doc) => {
      dense(W, H)(doc);
      if (i % 5 === 4) cloud(doc, 400 + i * 100, 500, 2.25 * 72, 0.6, '#ff0000');
    });
    const result = await analyse(drawingSet(sheets));
    expect(result.reports.map((r) => r.color)).toEqual([false, false, false, false, true, false, false, false, false, true]);
    const share = result.reports[4].colorShare!;
    expect(share).toBeGreaterThan(0);
    expect(share).toBeLessThan(0.0005);
    expect(result.reports[0].colorShare).toBe(0);
  }, 60_000);

  it('finds a 0.5 pt colored line 2" long anywhere on a 30" x 42" sheet', async () => {
    const lines: [number, number, number, number, string][] = [
      [100.3, 100.7, 244.3, 100.7, '#ff0000'],
      [E1.w - 300.5, E1.h - 200.25, E1.w - 300.5, E1.h - 56.25, '#0000ff'],
      [1500.11, 1000.9, 1601.93, 1102.73, '#00a000'],
      [2000, 1799.5, 2144, 1799.5, '#ff00ff'],
      // A pale red: too faint in the 20 dpi render to tint a pixel past near-grey, found in the finer one.
      [1000, 1800.1, 1144, 1800.1, '#e69999'],
    ];
    const pdf = await drawingSet(
      lines.map(([x0, y0, x1, y1, color]) => (doc: Doc) => {
        dense(E1.w, E1.h)(doc);
        doc.lineWidth(0.5).moveTo(x0, y0).lineTo(x1, y1).stroke(color);
      }),
      E1,
    );
    const result = await analyse(pdf);
    expect(result.verdict.status).toBe('ready');
    expect(result.reports.map((r) => r.color)).toEqual([true, true, true, true, true]);

    // The last sheet is one only visibleColor() sees.
    const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
    const page = doc.loadPage(4);
    const list = page.toDisplayList(true);
    const bounds = page.getBounds();
    const seen = survey(list, bounds);
    expect(colorOf(list, bounds, seen.tintedBounds)?.colorShare).toBe(0);
    expect(visibleColor(list, bounds, seen.tintedBounds!)).toBe(true);
    list.destroy();
    page.destroy();
    doc.destroy();
  }, 60_000);

  it('finds a line of small blue text, and keeps near-grey and clipped-away color B&W', async () => {
    const result = await analyse(
      drawingSet([
        // 1. A line of 6 pt blue text.
        (doc) => {
          bwDrawing(doc);
          doc.fillColor('#1d4ed8').fontSize(6).text('SEE REVISED DETAIL 4/A-501', 1200, 900, { lineBreak: false });
        },
        // 2. Near-grey linework and fills (channels within 24 of 255 of each other).
        (doc) => {
          bwDrawing(doc);
          doc.lineWidth(0.5);
          for (let x = 200; x < 1200; x += 20)
            doc
              .moveTo(x, 300)
              .lineTo(x + 200, 900)
              .stroke('#80808c');
          doc.rect(1500, 300, 300, 300).fill('#6e7268');
          doc.fillColor('#5a5a64').fontSize(8).text('EXISTING TO REMAIN', 1500, 800, { lineBreak: false });
        },
        // 3. Red linework clipped away entirely (model space beyond a viewport).
        (doc) => {
          bwDrawing(doc);
          doc.save();
          doc.rect(200, 200, 400, 400).clip();
          doc.lineWidth(2).moveTo(1000, 1000).lineTo(1400, 1000).stroke('#ff0000');
          doc.restore();
        },
      ]),
    );
    expect(result.reports.map((r) => r.color)).toEqual([true, false, false]);
    expect(result.reports[1].colorShare).toBe(0);
  }, 60_000);

  it('gives the share of the sheet colored ink covers', async () => {
    const result = await analyse(
      drawingSet([
        (doc) => {
          bwDrawing(doc);
          // A dark blue block 6" x 4": 24 of the sheet's 864 square inches (2.8%), its ink 88% strong
          // (its lightest channel is 30 of 255), so 2.45%.
          doc.rect(300, 300, 6 * 72, 4 * 72).fill('#1e3a8a');
        },
      ]),
    );
    expect(result.reports[0].color).toBe(true);
    expect(result.reports[0].colorShare).toBeGreaterThan(0.023);
    expect(result.reports[0].colorShare).toBeLessThan(0.026);
  }, 30_000);
});

describe('color, whatever paints it', () => {
  // Most sheets are judged by one pass over what the sheet paints, without a render; these paint
  // color in the ways that pass must hand over to the pixels.
  it('finds color in gradients, CMYK inks and colored text, and none in a grey gradient', async () => {
    const result = await analyse(
      drawingSet([
        // 1. A red-to-blue gradient title block (a shading).
        (doc) => {
          bwDrawing(doc);
          const gradient = doc.linearGradient(W - 8 * 72, 0, W - 72, 0);
          gradient.stop(0, '#cc0000').stop(1, '#0000cc');
          doc.rect(W - 8 * 72, H - 4 * 72, 7 * 72, 3 * 72).fill(gradient);
        },
        // 2. A cyan block in CMYK.
        (doc) => {
          bwDrawing(doc);
          doc.rect(300, 300, 3 * 72, 3 * 72).fill([100, 0, 0, 0]);
        },
        // 3. A large red title and nothing else in color.
        (doc) => {
          bwDrawing(doc);
          doc.fillColor('#d00000').fontSize(160).text('REVISED', 600, 600, { lineBreak: false });
        },
        // 4. A black-to-white gradient: grey.
        (doc) => {
          bwDrawing(doc);
          const gradient = doc.linearGradient(300, 0, 1300, 0);
          gradient.stop(0, '#000000').stop(1, '#ffffff');
          doc.rect(300, 300, 1000, 400).fill(gradient);
        },
      ]),
    );
    expect(result.reports.map((r) => r.color)).toEqual([true, true, true, false]);
    expect(result.reports.map((r) => r.blank)).toEqual([false, false, false, false]);
  }, 30_000);

  it('counts a sheet painted only in white, or only off its edges, as blank', async () => {
    const result = await analyse(
      drawingSet([bwDrawing, (doc) => doc.rect(100, 100, 2000, 1000).fill('#ffffff'), (doc) => doc.rect(-500, -500, 200, 200).fill('#000000')]),
    );
    expect(result.verdict.status).toBe('ready');
    expect(result.reports.map((r) => r.blank)).toEqual([false, true, true]);
  }, 30_000);

  it('survives the garbage collector after reporting sheets with images and gradients', async () => {
    // mupdf.js hands a device image and shading wrappers without a reference of their own: collected
    // later, they would free MuPDF memory twice. Collect after every round and read on.
    const file = path.join(dir, 'gc.pdf');
    fs.writeFileSync(
      file,
      await drawingSet(
        Array.from({ length: 6 }, () => (doc: Doc) => {
          bwDrawing(doc);
          doc.image(png(64, 64, 'color'), 200, 300, { width: 300 });
          const gradient = doc.linearGradient(800, 0, 1200, 0);
          gradient.stop(0, '#cc0000').stop(1, '#0000cc');
          doc.rect(800, 300, 400, 200).fill(gradient);
        }),
      ),
    );
    const script = `
      import * as mupdf from 'mupdf';
      import { reportSheet } from ${JSON.stringify(pathToFileURL(path.join(HERE, 'sheetReport.ts')).href)};
      let color = 0;
      for (let round = 0; round < 15; round++) {
        const doc = mupdf.Document.openDocument(${JSON.stringify(file)});
        for (let i = 0; i < doc.countPages(); i++) {
          const page = doc.loadPage(i);
          if (reportSheet(page, 0).sheet.color) color++;
          page.destroy();
        }
        doc.destroy();
        globalThis.gc();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      console.log('color sheets', color);
    `;
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const run = spawnSync(process.execPath, ['--expose-gc', '--import', tsx, '--input-type=module', '-e', script], { cwd: HERE, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('color sheets 90');
    expect(run.status).toBe(0);
  }, 60_000);
});

describe('previews', () => {
  it('writes each preview as a PNG of exactly what MuPDF renders: grey for black linework, color for a marked-up sheet', async () => {
    const marked = (doc: Doc) => {
      bwDrawing(doc);
      doc
        .lineWidth(4)
        .rect(W / 3, H / 3, W / 4, H / 4)
        .stroke('#d00000');
    };
    const file = path.join(dir, 'previews.pdf');
    fs.writeFileSync(file, await drawingSet([bwDrawing, marked]));
    const previewDir = path.join(dir, 'previews-out');
    fs.mkdirSync(previewDir);
    const px = 360;
    const result = await analyzePdf(file, { previewDir, previewPx: px });
    expect(result.previewCount).toBe(2);
    expect(result.reports.map((r) => r.color)).toEqual([false, true]);

    const doc = mupdf.Document.openDocument(fs.readFileSync(file), 'application/pdf');
    for (const [i, space] of [mupdf.ColorSpace.DeviceGray, mupdf.ColorSpace.DeviceRGB].entries()) {
      const page = doc.loadPage(i);
      const scale = px / Math.max(W, H);
      const expected = page.toPixmap(mupdf.Matrix.scale(scale, scale), space, false, true);
      const written = fs.readFileSync(path.join(previewDir, `${i + 1}.png`));
      expect(written.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const decoded = new mupdf.Image(written).toPixmap();
      expect([decoded.getWidth(), decoded.getHeight(), decoded.getNumberOfComponents()]).toEqual([
        expected.getWidth(),
        expected.getHeight(),
        expected.getNumberOfComponents(),
      ]);
      expect(Buffer.from(decoded.getPixels()).equals(Buffer.from(expected.getPixels())), `sheet ${i + 1}`).toBe(true);
      page.destroy();
    }
    doc.destroy();
  });
});

describe('blank sheets', () => {
  it('keeps a blank sheet inside a set and flags it', async () => {
    const result = await analyse(drawingSet([bwDrawing, () => {}, bwDrawing]));
    expect(result.verdict).toMatchObject({ status: 'ready', pageCount: 3 });
    expect(result.reports.map((r) => r.blank)).toEqual([false, true, false]);
  }, 30_000);

  it('rejects a set of only blank sheets', async () => {
    const result = await analyse(drawingSet([() => {}, () => {}]));
    expect(result.verdict).toMatchObject({ status: 'rejected', pageCount: 2 });
    expect(result.verdict.message).toMatch(/^Your PDF has no drawings on it/);
    expect(result.reports).toEqual([]);
  }, 30_000);
});

describe('scale notes', () => {
  it('reads the drawing scales written on each sheet, as written with spaces made one', async () => {
    const text = (lines: string[]) => (doc: Doc) => {
      bwDrawing(doc);
      lines.forEach((line, i) =>
        doc
          .fillColor('#000000')
          .fontSize(14)
          .text(line, 200, 1200 + i * 40, { lineBreak: false }),
      );
    };
    const result = await analyse(
      drawingSet([
        text([`FLOOR PLAN  SCALE: 1/4" = 1'-0"`, `DETAIL 3   1 1/2"=1'-0"`]),
        text([`SITE PLAN 1" = 20'`, `SCALE: 1:100`]),
        text([`SECTION A   NOT TO SCALE`, `DIAGRAM (N.T.S.)`]),
        text([`DOOR SCHEDULE`, `1/8"   =   1'-0"`]),
        bwDrawing,
      ]),
    );
    expect(result.reports.map((r) => r.scaleNotes)).toEqual([[`1/4" = 1'-0"`, `1 1/2"=1'-0"`], [`1" = 20'`, 'SCALE: 1:100'], ['NTS'], [`1/8" = 1'-0"`], []]);
  }, 30_000);
});

describe('low resolution', () => {
  it('flags a raster covering a quarter of the sheet or more at under 150 dpi at print size', async () => {
    const result = await analyse(
      drawingSet([
        // A scan at 50 dpi over the whole sheet.
        (doc) => doc.image(png(1800, 1200, 'grey'), 0, 0, { width: W, height: H }),
        // A sharp photo: 600 px over 4" (150 dpi).
        (doc) => {
          bwDrawing(doc);
          doc.image(png(600, 600, 'color'), 300, 300, { width: 4 * 72, height: 4 * 72 });
        },
        // A blurry logo, 20 dpi but small (5% of the sheet).
        (doc) => {
          bwDrawing(doc);
          doc.image(png(120, 120, 'color'), 300, 300, { width: 6 * 72, height: 6 * 72 });
        },
        bwDrawing,
      ]),
    );
    expect(result.reports.map((r) => r.lowResolution)).toEqual([true, false, false, false]);
  }, 30_000);
});

describe('sheet numbers and titles', () => {
  /** A sheet with a title block at its bottom right: a label, the number large, the title beside it. */
  const titled = (number: string, title: string, extra?: (doc: Doc) => void) => (doc: Doc) => {
    bwDrawing(doc);
    // A callout in the drawing names another sheet in large text: it is not this sheet's number.
    doc.fillColor('#000000').fontSize(20).text('5/A-501', 1200, 800, { lineBreak: false });
    doc
      .lineWidth(1)
      .rect(W - 6 * 72, H - 3 * 72, 5 * 72, 2 * 72)
      .stroke('#000000');
    doc.fontSize(8).text('SHEET NO.', W - 2.5 * 72, H - 2.8 * 72, { lineBreak: false });
    doc.fontSize(36).text(number, W - 2.5 * 72, H - 2.5 * 72, { lineBreak: false });
    doc.fontSize(14).text(title, W - 5.8 * 72, H - 2.4 * 72, { lineBreak: false });
    doc.fontSize(8).text('SCALE: 1/4" = 1\'-0"', W - 5.8 * 72, H - 1.5 * 72, { lineBreak: false });
    extra?.(doc);
  };

  it('reads each sheet’s number and title from its title block, and the first sheet’s drawing index', async () => {
    const index = (doc: Doc) => {
      doc.fontSize(12);
      ['DRAWING INDEX', 'G0.0 COVER SHEET', 'A-101 FIRST FLOOR PLAN', 'A-102 SECOND FLOOR PLAN', 'A-103 ROOF PLAN'].forEach((line, i) =>
        doc.text(line, 900, 400 + i * 20, { lineBreak: false }),
      );
    };
    const result = await analyse(
      drawingSet([
        titled('G0.0', 'COVER SHEET', index),
        titled('A-101', 'FIRST FLOOR PLAN'),
        titled('A-102', 'SECOND FLOOR PLAN'),
        titled('A-101', 'FIRST FLOOR PLAN'),
        bwDrawing,
      ]),
    );
    expect(result.reports.map((r) => [r.sheetNumber, r.sheetTitle])).toEqual([
      ['G0.0', 'COVER SHEET'],
      ['A-101', 'FIRST FLOOR PLAN'],
      ['A-102', 'SECOND FLOOR PLAN'],
      ['A-101', 'FIRST FLOOR PLAN'],
      [null, null],
    ]);
    // The callout 5/A-501 names a detail, not a sheet of the index.
    expect(result.reports[0].listedSheets).toEqual(['G0.0', 'A-101', 'A-102', 'A-103']);
    // Every sheet's numbers are read (the index may be on any sheet); a plan names only itself.
    expect(result.reports[1].listedSheets).toEqual(['A-101']);
  }, 30_000);
});

describe('sizes customers confuse with ours', () => {
  it('prints ANSI D at true scale on 24" x 36" paper, and refuses 11" x 17" naming its size', async () => {
    const ansiD = await analyse(makeDrawingPdf({ pages: 2, size: ANSI_D }));
    expect(ansiD.verdict).toMatchObject({ status: 'ready', detectedSize: '24x36' });
    const tabloid = await analyse(makeDrawingPdf({ pages: 1, size: { widthIn: 11, heightIn: 17 } }));
    expect(tabloid.verdict).toMatchObject({ status: 'rejected', actualSize: '11" x 17"' });
    expect(tabloid.verdict.message).toContain('Sheet 1 is 11" x 17" (ANSI B)');
    expect(tabloid.verdict.message).toContain('smaller than the smallest sheet we print');
    const mixed = await analyse(makeDrawingPdf({ sheets: [ARCH_D, ARCH_D, ANSI_D] }));
    expect(mixed.verdict).toMatchObject({ status: 'ready', detectedSize: '24x36' });
  }, 30_000);
});
