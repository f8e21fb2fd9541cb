/**
 * Every fact about MuPDF.js's private members the pipeline relies on (mupdfAdapter.ts), checked
 * against the installed mupdf. When an upgrade changes one, the test that fails names it: re-check the
 * adapter against the new version before changing the pin.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as mupdf from 'mupdf';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../lib/paths';
import { MUPDF_VERSION, documentOf, releaseBorrowed } from './mupdfAdapter';

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8'));

/** A one-page PDF with a placed image and a gradient fill, made with PDFKit. */
function imageAndShading(): Promise<Buffer> {
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 8, 8], false);
  pixmap.clear(128);
  const png = Buffer.from(pixmap.asPNG());
  pixmap.destroy();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: [600, 400], margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.image(png, 50, 50, { width: 100 });
    const gradient = doc.linearGradient(200, 0, 400, 0);
    gradient.stop(0, '#cc0000').stop(1, '#0000cc');
    doc.rect(200, 50, 200, 100).fill(gradient);
    doc.end();
  });
}

describe('MuPDF.js private members (mupdfAdapter.ts)', () => {
  it(`is the version the adapter was written for, pinned exactly in package.json`, () => {
    const pinned = readJson('package.json').dependencies.mupdf;
    const installed = readJson('node_modules/mupdf/package.json').version;
    expect(pinned, `package.json must pin mupdf to exactly ${MUPDF_VERSION} (mupdfAdapter.ts relies on its private members)`).toBe(MUPDF_VERSION);
    expect(
      installed,
      `mupdf ${installed} is installed but mupdfAdapter.ts was checked against ${MUPDF_VERSION}: re-check PDFPage._doc and the borrowed wrappers' finalizer, then update MUPDF_VERSION`,
    ).toBe(MUPDF_VERSION);
  });

  it("finds a page's PDF document (PDFPage._doc), and none for a page of an image", async () => {
    const doc = mupdf.Document.openDocument(await imageAndShading(), 'application/pdf');
    const page = doc.loadPage(0);
    expect(documentOf(page), 'PDFPage._doc is no longer the document the page was loaded from').toBe(doc.asPDF());
    page.destroy();
    doc.destroy();

    const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, 4, 4], false);
    const image = mupdf.Document.openDocument(pixmap.asPNG(), 'image/png');
    pixmap.destroy();
    const imagePage = image.loadPage(0);
    expect(documentOf(imagePage)).toBeNull();
    imagePage.destroy();
    image.destroy();
  });

  it("takes the image and shading wrappers a device is handed out of the finalizer's hands", async () => {
    const doc = mupdf.Document.openDocument(await imageAndShading(), 'application/pdf');
    const page = doc.loadPage(0);
    const released: string[] = [];
    const release = (wrapper: mupdf.Image | mupdf.Shade) => {
      releaseBorrowed(wrapper);
      expect(wrapper.pointer).toBe(0);
      released.push(wrapper.constructor.name);
    };
    const device = new mupdf.Device({ fillImage: (image) => release(image), fillShade: (shade) => release(shade) });
    try {
      page.run(device, mupdf.Matrix.identity);
      device.close();
    } finally {
      device.destroy();
    }
    expect(released.sort()).toEqual(['Image', 'Shade']);

    // The structured text's image blocks are handed over the same way.
    const text = page.toStructuredText('preserve-images');
    let blocks = 0;
    text.walk({
      onImageBlock(_bbox, _transform, image) {
        releaseBorrowed(image);
        blocks++;
      },
    });
    text.destroy();
    // The placed image, and the gradient, which structured text keeps as an image too.
    expect(blocks).toBe(2);
    page.destroy();
    doc.destroy();
  });

  it('says what changed when a wrapper is not registered with its finalizer', () => {
    const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, 4, 4], false);
    const image = new mupdf.Image(pixmap);
    pixmap.destroy();
    image.destroy();
    expect(() => releaseBorrowed(image)).toThrow(
      `MuPDF.js: the Image a callback was handed is no longer registered with its finalizer (written for mupdf ${MUPDF_VERSION}`,
    );
  });
});
