/**
 * A sheet's enlarged preview: the page rendered straight to LARGE_PREVIEW_PX on its long side, in
 * grey when its report found no color (the same picture, a third of the pixels), as PNG. Drawn in
 * the worker for the one sheet a customer enlarges, never for a whole upload.
 */
import * as mupdf from 'mupdf';
import { openFile } from './openFile';
import { pngOf } from './previews';

/** The PNG of sheet `number` (from 1) of the PDF at `file`, `px` on its long side. */
export function largePreviewPng(file: string, number: number, px: number, colored: boolean): { png: Uint8Array; width: number; height: number } {
  const doc = openFile(file);
  try {
    const page = doc.loadPage(number - 1);
    try {
      const [x0, y0, x1, y1] = page.getBounds();
      const scale = px / Math.max(x1 - x0, y1 - y0, 1);
      const space = colored ? mupdf.ColorSpace.DeviceRGB : mupdf.ColorSpace.DeviceGray;
      const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), space, false, true);
      try {
        return { png: pngOf(pixmap), width: pixmap.getWidth(), height: pixmap.getHeight() };
      } finally {
        pixmap.destroy();
      }
    } finally {
      page.destroy();
    }
  } finally {
    doc.destroy();
  }
}
