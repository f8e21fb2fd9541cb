/**
 * A PDF page as pixels, rendered by MuPDF (MuPDF.js) or by poppler (`pdftoppm`), two renderers that
 * share no code, to measure what a page shows rather than what its metadata says: the box its ink
 * covers, its longest dark line, and whether any pixel has color.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as mupdf from 'mupdf';

const run = promisify(execFile);

/** RGB pixels, three bytes each, row by row from the top. */
export type PagePixels = { width: number; height: number; dpi: number; rgb: Uint8Array };

/** Page `index` (from 0) rendered by MuPDF at `dpi`. */
export function renderWithMupdf(pdf: Buffer, index: number, dpi: number): PagePixels {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const page = doc.loadPage(index);
    const pix = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceRGB, false);
    const width = pix.getWidth();
    const height = pix.getHeight();
    const stride = pix.getStride();
    const src = pix.getPixels();
    const rgb = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) rgb.set(src.subarray(y * stride, y * stride + width * 3), y * width * 3);
    pix.destroy();
    page.destroy();
    return { width, height, dpi, rgb };
  } finally {
    doc.destroy();
  }
}

/** Page `index` (from 0) rendered by poppler's pdftoppm at `dpi`. */
export async function renderWithPoppler(pdf: Buffer, index: number, dpi: number): Promise<PagePixels> {
  const dir = await mkdtemp(join(tmpdir(), 'pixels-'));
  try {
    await writeFile(join(dir, 'doc.pdf'), pdf);
    const n = String(index + 1);
    await run('pdftoppm', ['-r', String(dpi), '-singlefile', '-f', n, '-l', n, join(dir, 'doc.pdf'), join(dir, 'page')]);
    const ppm = await readFile(join(dir, 'page.ppm'));
    const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'));
    if (!m) throw new Error('pdftoppm did not write a PPM');
    return { width: Number(m[1]), height: Number(m[2]), dpi, rgb: new Uint8Array(ppm.subarray(m[0].length)) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The largest difference between a pixel's channels over the page: 0 for pure grays. */
export function maxChroma(p: PagePixels): number {
  let max = 0;
  for (let i = 0; i < p.rgb.length; i += 3) {
    const r = p.rgb[i];
    const g = p.rgb[i + 1];
    const b = p.rgb[i + 2];
    max = Math.max(max, Math.max(r, g, b) - Math.min(r, g, b));
  }
  return max;
}

const isInk = (p: PagePixels, i: number) => p.rgb[i] + p.rgb[i + 1] + p.rgb[i + 2] < 3 * 200;

/** The box of every inked pixel, in inches from the top-left: where the sheet's drawing sits on the paper. */
export function inkBoxInches(p: PagePixels): { left: number; top: number; width: number; height: number } | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      if (!isInk(p, (y * p.width + x) * 3)) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  if (x1 < 0) return null;
  return { left: x0 / p.dpi, top: y0 / p.dpi, width: (x1 - x0 + 1) / p.dpi, height: (y1 - y0 + 1) / p.dpi };
}

/** The longest run of inked pixels on one row, in inches: a scale bar's length. */
export function longestRowInches(p: PagePixels): number {
  let best = 0;
  for (let y = 0; y < p.height; y++) {
    let run = 0;
    for (let x = 0; x < p.width; x++) {
      run = isInk(p, (y * p.width + x) * 3) ? run + 1 : 0;
      best = Math.max(best, run);
    }
  }
  return best / p.dpi;
}
