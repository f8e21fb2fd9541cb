// A sheet's preview: rendered from its display list, in grey when the sheet paints only greys, and
// written as PNG by Node's zlib.
import * as mupdf from 'mupdf';
import pngjs from 'pngjs';

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
