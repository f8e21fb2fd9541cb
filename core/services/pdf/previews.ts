// A sheet's preview: rendered from its display list, in grey when the sheet paints only greys, and
// written as PNG by Node's zlib.
import * as mupdf from 'mupdf';
import pngjs from 'pngjs';
import { pixelRect } from './pixels';

/**
 * A pixmap (grey or RGB, no alpha) as PNG, compressed by Node's zlib through pngjs: a third of the
 * time MuPDF's own PNG writer takes in WebAssembly (1.7 against 4.5 ms for a grey 360 px preview,
 * about the size of one of the sheet's other steps), for files of the same size.
 */
export function pngOf(pixmap: mupdf.Pixmap): Uint8Array {
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const components = pixmap.getNumberOfComponents();
  if (pixmap.getAlpha() || (components !== 1 && components !== 3) || pixmap.getStride() !== width * components) return pixmap.asPNG();
  return pngOfPixels(width, height, components, pixmap.getPixels());
}

/** Grey (1 component) or RGB (3) pixels, rows without padding, as PNG through Node's zlib. */
export function pngOfPixels(width: number, height: number, components: 1 | 3, pixels: Uint8Array | Uint8ClampedArray): Uint8Array {
  const colorType = components === 1 ? 0 : 2;
  const png = new pngjs.PNG({ width, height, colorType, inputColorType: colorType, inputHasAlpha: false });
  png.data = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  return pngjs.PNG.sync.write(png, { colorType, inputColorType: colorType, inputHasAlpha: false, filterType: 4, deflateLevel: 6 });
}

/**
 * The preview of a sheet (`bounds`, its display list `list`) as PNG, `px` on its long side. A sheet
 * that paints only greys (`colored` false) is previewed in grey: the same picture, a third of the
 * pixels to render and compress.
 */
export function previewOf(list: mupdf.DisplayList, [x0, y0, x1, y1]: readonly number[], px: number, colored: boolean): Uint8Array {
  const scale = px / Math.max(x1 - x0, y1 - y0, 1);
  const space = colored ? mupdf.ColorSpace.DeviceRGB : mupdf.ColorSpace.DeviceGray;
  const pixmap = list.toPixmap(mupdf.Matrix.scale(scale, scale), space, false);
  try {
    return pngOf(pixmap);
  } finally {
    pixmap.destroy();
  }
}

/**
 * The preview of a sheet that paints only greys, in grey, rendered straight from its page: for a
 * sheet with no display list of its own (reportByLinework), interpreting and rendering in one pass
 * costs a dense sheet less than making the list and rendering that.
 */
export function pagePreviewOf(page: mupdf.Page, px: number): Uint8Array {
  const [x0, y0, x1, y1] = page.getBounds();
  const scale = px / Math.max(x1 - x0, y1 - y0, 1);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, true);
  try {
    return pngOf(pixmap);
  } finally {
    pixmap.destroy();
  }
}

/**
 * The preview (RGB, `px` on its long side) of a sheet (`bounds`) made from `render`, an RGB render of
 * the whole sheet at a larger scale, by averaging the pixels each preview pixel covers: the picture a
 * render at the preview's scale would give (MuPDF's anti-aliasing is by area too), without rendering
 * the sheet again. Null when `render` is not larger than the preview, or not plain RGB.
 */
export function downscaledPreviewOf(render: mupdf.Pixmap, [x0, y0, x1, y1]: readonly number[], px: number): Uint8Array | null {
  const scale = px / Math.max(x1 - x0, y1 - y0, 1);
  const [outX, outY, outX1, outY1] = pixelRect([x0 * scale, y0 * scale, x1 * scale, y1 * scale]);
  const width = outX1 - outX;
  const height = outY1 - outY;
  const inWidth = render.getWidth();
  const inHeight = render.getHeight();
  if (render.getNumberOfComponents() !== 3 || render.getAlpha() || render.getStride() !== inWidth * 3) return null;
  // The render's scale, from its width over the sheet's.
  const from = inWidth / Math.max(x1 - x0, 1);
  if (from <= scale || width <= 0 || height <= 0) return null;
  const ratio = from / scale;
  const inX = render.getX();
  const inY = render.getY();
  /** For each output column (or row): the input ones it covers, each with its weight. */
  const spans = (outStart: number, count: number, inStart: number, inCount: number) =>
    Array.from({ length: count }, (_, o) => {
      const a = (outStart + o) * ratio - inStart;
      const b = a + ratio;
      const taps: [number, number][] = [];
      for (let i = Math.max(0, Math.floor(a)); i < Math.min(inCount, Math.ceil(b)); i++) taps.push([i, Math.min(b, i + 1) - Math.max(a, i)]);
      return taps;
    });
  const columns = spans(outX, width, inX, inWidth);
  const rows = spans(outY, height, inY, inHeight);
  const pixels = render.getPixels();
  const out = Buffer.alloc(width * height * 3, 255);
  const line = new Float64Array(inWidth * 3);
  for (let y = 0; y < height; y++) {
    line.fill(0);
    let rowWeight = 0;
    for (const [iy, wy] of rows[y]) {
      rowWeight += wy;
      const at = iy * inWidth * 3;
      for (let i = 0; i < inWidth * 3; i++) line[i] += pixels[at + i] * wy;
    }
    if (rowWeight === 0) continue;
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let weight = 0;
      for (const [ix, wx] of columns[x]) {
        r += line[ix * 3] * wx;
        g += line[ix * 3 + 1] * wx;
        b += line[ix * 3 + 2] * wx;
        weight += wx;
      }
      if (weight === 0) continue;
      const total = weight * rowWeight;
      const o = (y * width + x) * 3;
      out[o] = Math.round(r / total);
      out[o + 1] = Math.round(g / total);
      out[o + 2] = Math.round(b / total);
    }
  }
  return pngOfPixels(width, height, 3, out);
}
