// What changed between two greyscale renders of one sheet (docs/decisions/029-revisions.md): pure
// pixel work, no MuPDF, so the rule is tested on made-up pixels as well as on rendered PDFs.
//
// Each side's ink is blurred (a 3 x 3 box sum: a thin line's ink sums to the same whichever pixels
// anti-aliasing spread it over) and compared with the other side's blurred ink dilated by one pixel
// (its largest value nearby: the same stroke moved by less than a pixel is still "there"). Ink the
// other side has nowhere near is a change; changed pixels in touch are one region, and regions close
// together are one box.

/** A greyscale render: one byte a pixel, 0 black to 255 paper, rows without padding. */
export type GreyRender = { width: number; height: number; pixels: Uint8Array };

/** A changed region in pixels: [x0, y0, x1, y1), x1 and y1 exclusive. */
export type PixelBox = [number, number, number, number];

/** What the two renders differ by. */
export type SheetDiff = {
  width: number;
  height: number;
  /** Per pixel: 1 where ink was added (in `after`, not near it in `before`), 2 removed, 0 neither. */
  changes: Uint8Array;
  /** Changed pixels that belong to a region large enough to count. */
  changedPixels: number;
  /** Pixels with ink on either side. */
  inkPixels: number;
  /** The changed regions, merged when close. */
  boxes: PixelBox[];
};

/** Ink (255 - grey) a pixel needs to count as drawn, for the overlay and `inkPixels`. */
export const INK_AT = 32;
/**
 * Blurred ink one side must exceed the other's dilated blurred ink by, in units of a pixel's ink
 * (0-255) averaged over the 3 x 3 window: a 0.5 pt line at 50 dpi sums to about 30 there, wherever it
 * falls on the pixel grid; another producer's export of the same line differs by a few.
 */
export const CHANGE_THRESHOLD = 12;
/** A connected changed region smaller than this many pixels is render noise, not a change. */
export const MIN_REGION_PIXELS = 6;

/** The two renders on one canvas (the larger of each side), paper where a side has no pixels. */
function padded(render: GreyRender, width: number, height: number): Uint8Array {
  if (render.width === width && render.height === height) return render.pixels;
  const out = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < render.height; y++) out.set(render.pixels.subarray(y * render.width, (y + 1) * render.width), y * width);
  return out;
}

/** The 3 x 3 box sum of each pixel's ink (255 - grey), 0..2295, edges counting as paper. */
function blurredInk(pixels: Uint8Array, width: number, height: number): Uint16Array {
  const rows = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      let sum = 255 - pixels[i];
      if (x > 0) sum += 255 - pixels[i - 1];
      if (x < width - 1) sum += 255 - pixels[i + 1];
      rows[i] = sum;
    }
  }
  const out = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      let sum = rows[i];
      if (y > 0) sum += rows[i - width];
      if (y < height - 1) sum += rows[i + width];
      out[i] = sum;
    }
  }
  return out;
}

/** Each value replaced by the largest within one pixel (3 x 3). */
function dilated(values: Uint16Array, width: number, height: number): Uint16Array {
  const rows = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      let max = values[i];
      if (x > 0 && values[i - 1] > max) max = values[i - 1];
      if (x < width - 1 && values[i + 1] > max) max = values[i + 1];
      rows[i] = max;
    }
  }
  const out = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const i = row + x;
      let max = rows[i];
      if (y > 0 && rows[i - width] > max) max = rows[i - width];
      if (y < height - 1 && rows[i + width] > max) max = rows[i + width];
      out[i] = max;
    }
  }
  return out;
}

/**
 * The changed regions of `changes` (8-connected), each as its box and size; regions smaller than
 * MIN_REGION_PIXELS are cleared from `changes` as noise.
 */
function regionsOf(changes: Uint8Array, width: number, height: number): { boxes: PixelBox[]; pixels: number } {
  const seen = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  const boxes: PixelBox[] = [];
  let pixels = 0;
  for (let start = 0; start < changes.length; start++) {
    if (!changes[start] || seen[start]) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    const members: number[] = [];
    let [x0, y0, x1, y1] = [width, height, 0, 0];
    while (top > 0) {
      const i = stack[--top];
      members.push(i);
      const x = i % width;
      const y = (i - x) / width;
      if (x < x0) x0 = x;
      if (y < y0) y0 = y;
      if (x >= x1) x1 = x + 1;
      if (y >= y1) y1 = y + 1;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const n = ny * width + nx;
          if (changes[n] && !seen[n]) {
            seen[n] = 1;
            stack[top++] = n;
          }
        }
      }
    }
    if (members.length < MIN_REGION_PIXELS) {
      for (const i of members) changes[i] = 0;
      continue;
    }
    pixels += members.length;
    boxes.push([x0, y0, x1, y1]);
  }
  return { boxes, pixels };
}

/** Boxes closer than `gap` pixels merged into one, until no two are that close. */
export function mergeBoxes(boxes: PixelBox[], gap: number): PixelBox[] {
  const out = boxes.map((b): PixelBox => [...b]);
  let merged = true;
  while (merged) {
    merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const [a, b] = [out[i], out[j]];
        if (a[0] - gap < b[2] && b[0] - gap < a[2] && a[1] - gap < b[3] && b[1] - gap < a[3]) {
          out[i] = [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
          out.splice(j, 1);
          merged = true;
          break;
        }
      }
    }
  }
  return out.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
}

/** Compares two renders of a sheet at the same resolution; `mergeGap` in pixels. */
export function diffSheets(before: GreyRender, after: GreyRender, mergeGap: number): SheetDiff {
  const width = Math.max(before.width, after.width);
  const height = Math.max(before.height, after.height);
  const a = padded(before, width, height);
  const b = padded(after, width, height);
  const changes = new Uint8Array(width * height);
  let inkPixels = 0;
  for (let i = 0; i < a.length; i++) if (255 - Math.min(a[i], b[i]) >= INK_AT) inkPixels++;
  // The same pixels (the same drawing, rendered again): nothing to blur.
  if (Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength))) {
    return { width, height, changes, changedPixels: 0, inkPixels, boxes: [] };
  }
  const blurA = blurredInk(a, width, height);
  const blurB = blurredInk(b, width, height);
  const nearA = dilated(blurA, width, height);
  const nearB = dilated(blurB, width, height);
  const threshold = CHANGE_THRESHOLD * 9;
  for (let i = 0; i < changes.length; i++) {
    if (blurB[i] > nearA[i] + threshold) changes[i] = 1;
    else if (blurA[i] > nearB[i] + threshold) changes[i] = 2;
  }
  const regions = regionsOf(changes, width, height);
  return { width, height, changes, changedPixels: regions.pixels, inkPixels, boxes: mergeBoxes(regions.boxes, mergeGap) };
}
