/**
 * Reduced sets and finishing in the print files, from real orders: a set bought with 2 reduced
 * 11" x 17" sets gets their own batches (one per ink), every page exactly 11" x 17", each sheet fit
 * inside the margin and marked "REDUCED — NOT TO SCALE" there, B&W without chroma, and a banner whose
 * bar is still 10"; an order folded and stapled (and its half-size sets punched) says so on each
 * batch's banner and in the hot folder's ticket.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as mupdf from 'mupdf';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { adminClient } from '#test/helpers/adminTestKit';
import { paidMixedOrder } from '#test/helpers/production';
import { inkBoxInches, longestRowInches, maxChroma, renderWithMupdf, renderWithPoppler, type PagePixels } from '#test/helpers/pagePixels';
import { pdfPageTexts } from '#test/helpers/pdfPages';
import { REDUCED_MARK } from '#shared/finishing';

let shop: TestShop;
shopForFile((s) => (shop = s));

type FileJson = { batchId: string; paper: string; ink: string; sets: number; halfSize: boolean; pages: number; url: string };

function pageBounds(pdf: Buffer): number[][] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    return Array.from({ length: doc.countPages() }, (_, i) => doc.loadPage(i).getBounds());
  } finally {
    doc.destroy();
  }
}

/** The columns of a page from `fromIn` to `toIn` inches from its left edge, as a page of their own. */
function columns(p: PagePixels, fromIn: number, toIn: number): PagePixels {
  const x0 = Math.round(fromIn * p.dpi);
  const width = Math.round(toIn * p.dpi) - x0;
  const rgb = new Uint8Array(width * p.height * 3);
  for (let y = 0; y < p.height; y++) rgb.set(p.rgb.subarray((y * p.width + x0) * 3, (y * p.width + x0 + width) * 3), y * width * 3);
  return { width, height: p.height, dpi: p.dpi, rgb };
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('reduced sets', () => {
  it('prints them as batches of their own on 11" x 17": every sheet fit inside the margin and marked not to scale', async () => {
    const orderId = await paidMixedOrder(shop, { sets: 1, halfSets: 0, reducedSets: 2 });
    const admin = await adminClient(shop);
    const files = (await admin.get(`/api/admin/orders/${orderId}/print-files`)).body as FileJson[];
    expect(files.map((f) => [f.paper, f.ink, f.sets, f.halfSize, f.pages])).toEqual([
      ['24x36', 'bw', 1, false, 3],
      ['30x42', 'color', 1, false, 2],
      ['11x17', 'bw', 2, false, 5],
      ['11x17', 'color', 2, false, 3],
    ]);
    const [bw, color] = files.slice(2);

    const bwPdf = (await admin.bytes(bw.url)).body;
    const colorPdf = (await admin.bytes(color.url)).body;
    for (const pdf of [bwPdf, colorPdf]) for (const b of pageBounds(pdf)) expect(b).toEqual([0, 0, 792, 1224]);

    // Every sheet page carries the mark; the banner says the sheets are not to scale.
    const texts = (await pdfPageTexts(bwPdf)).map(oneLine);
    expect(texts).toHaveLength(5);
    expect(texts[0]).toContain('REDUCED SETS — NOT TO SCALE');
    expect(texts[0]).toContain('The sheets that follow are reduced: not to scale.');
    expect(texts[0]).toContain('No finishing');
    for (const sheet of texts.slice(1)) expect(sheet).toContain(REDUCED_MARK);
    for (const sheet of (await pdfPageTexts(colorPdf)).slice(1)) expect(oneLine(sheet)).toContain(REDUCED_MARK);

    // The banner is never scaled: its bar is 10" on 11" x 17" too.
    expect(longestRowInches(renderWithMupdf(bwPdf, 0, 100))).toBeCloseTo(10, 1);

    // ARCH D (24" x 36", its 4 pt border 0.5" inside the sheet) fit inside a 0.5" margin: its 24" side
    // across the 10" between the margins, turned to the portrait paper and centred.
    const scale = Math.min((792 - 72) / 1728, (1224 - 72) / 2592);
    const sheet = await renderWithPoppler(bwPdf, 1, 40);
    const drawing = inkBoxInches(columns(sheet, 0.5, 11));
    expect(drawing?.width).toBeCloseTo(((1728 - 68) * scale) / 72, 1);
    expect(drawing?.height).toBeCloseTo(((2592 - 68) * scale) / 72, 1);
    expect(drawing?.top).toBeCloseTo((17 - ((2592 - 68) * scale) / 72) / 2, 1);
    // The mark sits in the margin beside the drawing, not over it.
    const mark = inkBoxInches(columns(sheet, 0, 0.5));
    expect(mark).not.toBeNull();
    expect(mark!.height).toBeGreaterThan(1.5);
    expect(mark!.width).toBeLessThan(0.25);
    // B&W pages carry no chroma; the red sheet keeps its color.
    for (const page of [1, 2, 3, 4]) expect(maxChroma(await renderWithPoppler(bwPdf, page, 10))).toBe(0);
    expect(maxChroma(await renderWithPoppler(colorPdf, 1, 10))).toBeGreaterThan(100);

    // The ARCH E1 sheet (30" x 42") fits the same 10" across.
    const e1 = inkBoxInches(columns(await renderWithPoppler(colorPdf, 1, 40), 0.5, 11));
    const e1Scale = Math.min(720 / 2160, 1152 / 3024);
    expect(e1?.width).toBeCloseTo(((2160 - 68) * e1Scale) / 72, 1);

    // The queue lists them on their paper.
    const queue = (await admin.get('/api/admin/production')).body as { batchId: string; paper: string }[];
    expect(queue.filter((b) => b.batchId === bw.batchId || b.batchId === color.batchId).map((b) => b.paper)).toEqual(['11x17', '11x17']);
  });
});

describe('a reduced batch of several files', () => {
  it("holds every B&W sheet of both files of the set in one 11x17 batch, each sheet's own drawing", async () => {
    const orderId = await paidMixedOrder(shop, { sets: 1, halfSets: 0, reducedSets: 1, printType: 'bw' });
    const admin = await adminClient(shop);
    const files = (await admin.get(`/api/admin/orders/${orderId}/print-files`)).body as FileJson[];
    expect(files.map((f) => [f.paper, f.ink, f.pages])).toEqual([
      ['24x36', 'bw', 3],
      ['30x42', 'bw', 2],
      ['11x17', 'bw', 4],
    ]);
    const reduced = (await admin.bytes(files[2].url)).body;
    for (const b of pageBounds(reduced)) expect(b).toEqual([0, 0, 792, 1224]);
    // ARCH D and ANSI D of the first file, then ARCH E1 of the second, each fit across the 10".
    const widths = await Promise.all([1, 2, 3].map(async (page) => inkBoxInches(columns(await renderWithPoppler(reduced, page, 40), 0.5, 11))?.width));
    const fit = (shortIn: number, longIn: number) => ((shortIn * 72 - 68) * Math.min(720 / (shortIn * 72), 1152 / (longIn * 72))) / 72;
    expect(widths[0]).toBeCloseTo(fit(24, 36), 1);
    expect(widths[1]).toBeCloseTo(fit(22, 34), 1);
    expect(widths[2]).toBeCloseTo(fit(30, 42), 1);
  });
});

describe('finishing', () => {
  it("says each batch's finishing on its banner and in the hot folder's ticket; reduced sets take none", async () => {
    const orderId = await paidMixedOrder(shop, {
      sets: 2,
      halfSets: 1,
      reducedSets: 1,
      finishing: { fold: 'title_out', bind: 'staple_left', holes: 0 },
      halfFinishing: { fold: 'none', bind: 'none', holes: 3 },
    });
    const admin = await adminClient(shop);
    const files = (await admin.get(`/api/admin/orders/${orderId}/print-files`)).body as FileJson[];
    expect(files.map((f) => f.paper)).toEqual(['24x36', '30x42', '12x18', '15x21', '11x17', '11x17']);
    const bannerOf = async (f: FileJson) => oneLine((await pdfPageTexts((await admin.bytes(f.url)).body))[0]);

    const full = await bannerOf(files[0]);
    expect(full).toContain(
      'Fold each sheet to 9" x 12", title block out: the title block (at the right edge of the landscape sheet) ends up on the outside face of the folded packet, upright and readable.',
    );
    expect(full).toContain('Staple each set on the left edge.');
    expect(full).not.toContain('three holes');
    const half = await bannerOf(files[2]);
    expect(half).toContain('Punch three holes along the left edge of each set.');
    expect(half).not.toContain('Fold');
    const reduced = await bannerOf(files[4]);
    expect(reduced).toContain('No finishing');

    // The counter plotter's hot folder: each batch's ticket says the same.
    const counter = (await admin.get('/api/admin/printers')).body.find((p: { name: string }) => p.name === 'Counter plotter');
    expect(counter.papers).toContain('11x17');
    for (const f of [files[0], files[4]]) expect((await admin.post(`/api/admin/production/${f.batchId}/send`, { printerId: counter.id })).status).toBe(200);
    await shop.runJobs();
    const dir = path.join(path.resolve(shop.ctx.env.DATA_DIR), 'printers', counter.id);
    const ticketOf = (batchId: string) => {
      const name = fs.readdirSync(dir).find((n) => n.endsWith(`-${batchId}.json`));
      expect(name).toBeDefined();
      return JSON.parse(fs.readFileSync(path.join(dir, name!), 'utf8'));
    };
    expect(ticketOf(files[0].batchId)).toMatchObject({
      paper: '24x36',
      reduced: false,
      finishing: { fold: 'title_out', bind: 'staple_left', holes: 0 },
      finishingSteps: [expect.stringMatching(/^Fold each sheet to 9" x 12", title block out: /), 'Staple each set on the left edge.'],
    });
    expect(ticketOf(files[4].batchId)).toMatchObject({
      paper: '11x17',
      media: 'na_ledger_11x17in',
      reduced: true,
      scaling: 'none',
      finishing: { fold: 'none', bind: 'none', holes: 0 },
      finishingSteps: ['No finishing'],
    });
  });
});
