import * as mupdf from 'mupdf';
import pngjs from 'pngjs';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_DPI } from './pixels';
import { downscaledPreviewOf, pagePreviewOf, previewOf } from './previews';
import { reportSheet } from './sheetReport';

/** A one-page ARCH D document of `content` (a grey scan-like image under it when `image`). */
function sheet(content: string, image = false): mupdf.Page {
  const doc = new mupdf.PDFDocument();
  const resources: Record<string, unknown> = {};
  if (image) {
    const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, 200, 100], false);
    pixmap.clear(200);
    resources.XObject = { Im: doc.addImage(new mupdf.Image(pixmap)) };
    pixmap.destroy();
  }
  doc.insertPage(-1, doc.addPage([0, 0, 2592, 1728], 0, resources, `${image ? 'q 1200 0 0 600 300 300 cm /Im Do Q ' : ''}${content}`));
  return doc.loadPage(0);
}

/** A PNG's size and the mean of each channel. */
function meanOf(png: Uint8Array): { width: number; height: number; mean: number[] } {
  const image = pngjs.PNG.sync.read(Buffer.from(png));
  const mean = [0, 0, 0];
  for (let p = 0; p < image.data.length; p += 4) for (let c = 0; c < 3; c++) mean[c] += image.data[p + c];
  return { width: image.width, height: image.height, mean: mean.map((m) => m / (image.width * image.height)) };
}

describe('sheet previews', () => {
  it('averages a larger render down to the size and look of a render at the preview size', () => {
    const page = sheet('0 0 1 rg 400 400 900 500 re f 0 G 4 w 100 100 m 2400 1600 l S', true);
    const bounds = page.getBounds();
    const list = page.toDisplayList(true);
    const render = list.toPixmap(mupdf.Matrix.scale(ANALYSIS_DPI / 72, ANALYSIS_DPI / 72), mupdf.ColorSpace.DeviceRGB, false);
    const averaged = meanOf(downscaledPreviewOf(render, bounds, 360) ?? new Uint8Array());
    const direct = meanOf(previewOf(list, bounds, 360, true));
    expect([averaged.width, averaged.height]).toEqual([direct.width, direct.height]);
    // The same picture: each channel's mean within 1 of 255 of the direct render's.
    for (let c = 0; c < 3; c++) expect(Math.abs(averaged.mean[c] - direct.mean[c])).toBeLessThan(1);
    // No larger render, no preview from it.
    expect(downscaledPreviewOf(render, bounds, 1000)).toBeNull();
    render.destroy();
    list.destroy();
  });

  it('previews a black-and-white sheet taken the linework way straight from its page, the picture its display list gives', () => {
    const page = sheet('0 G 1 w 100 100 m 2400 1600 l S 0.3 g 500 500 300 200 re f');
    const made = reportSheet(page, 360);
    expect(made.sheet.color).toBe(false);
    const list = page.toDisplayList(true);
    expect(Buffer.from(made.preview ?? [])).toEqual(Buffer.from(previewOf(list, page.getBounds(), 360, false)));
    expect(Buffer.from(pagePreviewOf(page, 360))).toEqual(Buffer.from(made.preview ?? []));
    list.destroy();
  });
});
