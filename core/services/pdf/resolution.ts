// Low-resolution scans: a raster image placed large at few dots per inch at print size.
import type * as mupdf from 'mupdf';
import { releaseBorrowed } from './mupdfAdapter';

/** A raster image covering this share of the sheet at under LOW_DPI at print size makes it a bad scan. */
export const LOW_RES_SHARE = 0.25;
export const LOW_DPI = 150;

/**
 * Whether images placed at under LOW_DPI cover LOW_RES_SHARE of the sheet (`bounds`), from the
 * sheet's structured text made with 'preserve-images' (each image block's place and pixels).
 */
export function lowResolution(text: mupdf.StructuredText, [x0, y0, x1, y1]: readonly number[]): boolean {
  let lowResArea = 0;
  text.walk({
    onImageBlock(bbox, transform, image) {
      // The block's image, handed over without a reference of its own (like a device's).
      const width = image.getWidth();
      const height = image.getHeight();
      releaseBorrowed(image);
      // The image's pixels over the size it is placed at, in points: dots per inch at print size.
      const w = Math.hypot(transform[0], transform[1]);
      const h = Math.hypot(transform[2], transform[3]);
      const dpi = Math.min((width * 72) / Math.max(w, 1e-6), (height * 72) / Math.max(h, 1e-6));
      if (dpi < LOW_DPI) lowResArea += Math.max(0, (bbox[2] - bbox[0]) * (bbox[3] - bbox[1]));
    },
  });
  const sheetArea = Math.max(1, (x1 - x0) * (y1 - y0));
  return lowResArea >= LOW_RES_SHARE * sheetArea;
}
