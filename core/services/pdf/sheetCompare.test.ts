import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pngjs from 'pngjs';
import { makeTitledSetPdf, rewrittenByMupdf } from '#test/helpers/pdf';
import { inchLine, planSheet } from '#test/helpers/revisions';
import { compareSheetPairs, stopSpareAnalyzer } from './analyze';
import { COMPARE_DPI, type PairResult } from './sheetCompare';
import { diffSheets, mergeBoxes, type GreyRender } from './sheetDiff';
import { samePageContent } from './samePage';
import * as mupdf from 'mupdf';
import { tempDirForFile } from '#test/helpers/tempDir';

let dir: string;
tempDirForFile('bp-compare-test-', (d) => (dir = d));
afterAll(() => {
  stopSpareAnalyzer();
});

async function write(name: string, pdf: Buffer | Promise<Buffer>): Promise<string> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, await pdf);
  return file;
}

async function compare(before: string, after: string, pages: number, pixelPath = false): Promise<PairResult[]> {
  const pairs = Array.from({ length: pages }, (_, i) => ({ position: i + 1, before: { file: before, page: i }, after: { file: after, page: i } }));
  const { results, limit } = await compareSheetPairs(pairs, { dir, dpi: COMPARE_DPI, pixelPath });
  expect(limit).toBeNull();
  return results.sort((a, b) => a.position - b.position);
}

describe('comparing two issues of a sheet', () => {
  it('finds nothing between a drawing and the same drawing written by another producer, or moved by a fraction of a point', async () => {
    const original = await makeTitledSetPdf([planSheet('A-101'), planSheet('A-102')]);
    const before = await write('original.pdf', original);
    const other = await write('rewritten.pdf', rewrittenByMupdf(original));
    expect(fs.readFileSync(other).equals(original)).toBe(false);
    const shifted = await write('shifted.pdf', makeTitledSetPdf([planSheet('A-101', undefined, 0.3), planSheet('A-102', undefined, 0.45)]));
    for (const after of [other, shifted]) {
      for (const result of await compare(before, after, 2)) expect(result).toMatchObject({ changedShare: 0, boxes: [], overlay: false, failed: false });
    }
  }, 60_000);

  it('finds one added 0.5 pt line an inch long, with a box around it in inches from the top-left', async () => {
    const before = await write('before.pdf', makeTitledSetPdf([planSheet('A-101')]));
    // Added at 10" from the left and 20" from the top, in open paper.
    const after = await write('after.pdf', rewrittenByMupdf(await makeTitledSetPdf([planSheet('A-101', inchLine(720, 1440))])));
    const [result] = await compare(before, after, 1);
    expect(result.changedShare).toBeGreaterThan(0);
    expect(result.boxes).toHaveLength(1);
    const [box] = result.boxes;
    // The line runs 10" to 11" across at 20" down: the box holds it, with at most a tenth of an inch to spare.
    expect(box.xIn).toBeLessThanOrEqual(10);
    expect(box.xIn).toBeGreaterThan(9.9);
    expect(box.xIn + box.widthIn).toBeGreaterThanOrEqual(11);
    expect(box.xIn + box.widthIn).toBeLessThan(11.1);
    expect(box.yIn).toBeLessThanOrEqual(20);
    expect(box.yIn).toBeGreaterThan(19.9);
    expect(box.yIn + box.heightIn).toBeGreaterThanOrEqual(20);
    expect(box.yIn + box.heightIn).toBeLessThan(20.1);
    expect(result.overlay).toBe(true);

    // The overlay: the added line in blue, the rest in light grey, the region outlined.
    const large = pngjs.PNG.sync.read(fs.readFileSync(path.join(dir, '1-large.png')));
    expect(large.width).toBe(36 * COMPARE_DPI);
    const at = (x: number, y: number) => Array.from(large.data.subarray((y * large.width + x) * 4, (y * large.width + x) * 4 + 3));
    const lineRow = [0, 1, -1].map((d) => Math.round(20 * COMPARE_DPI) + d);
    const blue = lineRow.some((y) => {
      const [r, , b] = at(Math.round(10.5 * COMPARE_DPI), y);
      return b > 200 && r < 60;
    });
    expect(blue).toBe(true);
    const preview = pngjs.PNG.sync.read(fs.readFileSync(path.join(dir, '1.png')));
    expect(Math.max(preview.width, preview.height)).toBe(720);
    let previewBlue = 0;
    for (let p = 0; p < preview.data.length; p += 4) if (preview.data[p + 2] > 200 && preview.data[p] < 60) previewBlue++;
    expect(previewBlue).toBeGreaterThan(10);
  }, 60_000);

  it('finds a line removed, and a line moved, anywhere on the sheet', async () => {
    const before = await write('with-lines.pdf', makeTitledSetPdf([planSheet('A-101', inchLine(1800, 200)), planSheet('A-102', inchLine(100, 1600))]));
    const after = await write('lines-changed.pdf', makeTitledSetPdf([planSheet('A-101'), planSheet('A-102', inchLine(130, 1580))]));
    const [removed, moved] = await compare(before, after, 2);
    expect(removed.boxes).toHaveLength(1);
    expect(removed.boxes[0].xIn).toBeCloseTo(25, 0);
    expect(moved.boxes.length).toBeGreaterThanOrEqual(1);
    const overlay = pngjs.PNG.sync.read(fs.readFileSync(path.join(dir, '1-large.png')));
    let red = 0;
    for (let p = 0; p < overlay.data.length; p += 4) if (overlay.data[p] > 200 && overlay.data[p + 1] < 40 && overlay.data[p + 2] < 40) red++;
    expect(red).toBeGreaterThan(20);
  }, 60_000);
});

describe('the pixel path (the bench of a set another program re-exported)', () => {
  it('renders pages written the same when asked, and finds the same changes as with the walk', async () => {
    const before = await write('issue-1.pdf', makeTitledSetPdf([planSheet('A-101'), planSheet('A-102')]));
    // The first sheet written the same in both issues, the second with a line added.
    const after = await write('issue-2.pdf', makeTitledSetPdf([planSheet('A-101'), planSheet('A-102', inchLine(720, 1440))]));
    const walked = await compare(before, after, 2);
    expect(walked.map((r) => r.rendered)).toEqual([false, true]);
    const rendered = await compare(before, after, 2, true);
    expect(rendered.map((r) => r.rendered)).toEqual([true, true]);
    const outcome = ({ rendered: _rendered, ...rest }: PairResult) => rest;
    expect(rendered.map(outcome)).toEqual(walked.map(outcome));
    expect(rendered[0]).toMatchObject({ changedShare: 0, boxes: [], overlay: false, failed: false });
    expect(rendered[1].boxes).toHaveLength(1);
  }, 60_000);
});

describe('samePageContent', () => {
  it('knows pages written the same in two files, and tells apart any difference in what they draw', async () => {
    const open = async (pdf: Promise<Buffer>) => mupdf.Document.openDocument(await pdf, 'application/pdf');
    const a = await open(makeTitledSetPdf([planSheet('A-101'), planSheet('A-102')]));
    // Made again, with a sheet in front: the same pages at other object numbers.
    const b = await open(makeTitledSetPdf([planSheet('A-100'), planSheet('A-101'), planSheet('A-102', inchLine(100, 100))]));
    expect(samePageContent(a, 0, b, 1)).toBe(true);
    expect(samePageContent(a, 0, b, 0)).toBe(false);
    expect(samePageContent(a, 1, b, 2)).toBe(false);
    const other = await open(rewrittenByMupdf(await makeTitledSetPdf([planSheet('A-101')])));
    expect(samePageContent(a, 0, other, 0)).toBe(false);
    const inked = await open(makeTitledSetPdf([{ ...planSheet('A-101'), draw: (doc) => doc.rect(200, 300, 120, 900).fill('#000000') }]));
    expect(samePageContent(a, 0, inked, 0)).toBe(false);
  });

  it('tells apart pages written the same whose file shows a layer the other file hides', async () => {
    /** One page that draws a filled square inside the layer "Markup", shown or hidden when the file opens. */
    const layered = (hidden: boolean) => {
      const doc = new mupdf.PDFDocument();
      const layer = doc.addObject(doc.newDictionary());
      layer.put('Type', doc.newName('OCG'));
      layer.put('Name', doc.newString('Markup'));
      const properties = doc.newDictionary();
      properties.put('L1', layer);
      const resources = doc.newDictionary();
      resources.put('Properties', properties);
      doc.insertPage(-1, doc.addPage([0, 0, 612, 792], 0, resources, '/OC /L1 BDC 0 0 0 rg 100 100 200 200 re f EMC'));
      const layers = doc.newArray();
      layers.push(layer);
      const config = doc.newDictionary();
      config.put('Order', layers);
      if (hidden) config.put('OFF', layers);
      const settings = doc.newDictionary();
      settings.put('OCGs', layers);
      settings.put('D', config);
      doc.getTrailer().get('Root').put('OCProperties', settings);
      return doc;
    };
    // What the page draws differs: the square is ink only where the layer is shown.
    const inkOf = (doc: mupdf.PDFDocument) =>
      doc
        .loadPage(0)
        .toPixmap(mupdf.Matrix.scale(0.25, 0.25), mupdf.ColorSpace.DeviceGray, false)
        .getPixels()
        .filter((v) => v < 128).length;
    expect(inkOf(layered(false))).toBeGreaterThan(0);
    expect(inkOf(layered(true))).toBe(0);
    expect(samePageContent(layered(false), 0, layered(false), 0)).toBe(true);
    expect(samePageContent(layered(false), 0, layered(true), 0)).toBe(false);
  });
});

describe('diffSheets', () => {
  const blank = (width: number, height: number): GreyRender => ({ width, height, pixels: new Uint8Array(width * height).fill(255) });

  it('ignores a faint speck and finds a faint stroke', () => {
    const a = blank(40, 40);
    const b = blank(40, 40);
    b.pixels[5 * 40 + 5] = 180;
    expect(diffSheets(a, b, 3).boxes).toEqual([]);
    for (let x = 10; x < 30; x++) b.pixels[20 * 40 + x] = 150;
    expect(diffSheets(a, b, 3).boxes).toEqual([[10, 19, 30, 22]]);
  });

  it('merges boxes closer than the gap', () => {
    expect(
      mergeBoxes(
        [
          [0, 0, 5, 5],
          [7, 0, 10, 5],
          [50, 50, 60, 60],
        ],
        3,
      ),
    ).toEqual([
      [0, 0, 10, 5],
      [50, 50, 60, 60],
    ]);
  });
});
