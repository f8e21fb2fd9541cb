/** Reads a Code 128 barcode off a rendered PDF page the way a scanner does, to prove the bars say what they should. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import zxing from '@zxing/library';

// A CommonJS package whose exports Node cannot list for a named import.
const { BitArray, Code128Reader, DecodeHintType } = zxing;

const run = promisify(execFile);

/**
 * Renders page 1 of `pdf` in grey at `dpi` with poppler, takes the pixel row at `at.y` (PDF points
 * from the top) between `at.fromX` and `at.toX` (points; the whole width by default), as a scanner
 * aimed at the code sees it, and decodes it with ZXing's Code 128 reader, which checks the start,
 * the checksum and the stop. Resolves with the text; rejects when that stretch holds no readable code.
 */
export async function readCode128Row(pdf: Buffer, at: { y: number; fromX?: number; toX?: number }, dpi = 144): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'barcode-'));
  try {
    await writeFile(join(dir, 'doc.pdf'), pdf);
    await run('pdftoppm', ['-r', String(dpi), '-gray', '-singlefile', '-f', '1', '-l', '1', join(dir, 'doc.pdf'), join(dir, 'page')]);
    const pgm = await readFile(join(dir, 'page.pgm'));
    // Binary PGM: "P5\n<w> <h>\n255\n" then one byte per pixel.
    const match = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'));
    if (!match) throw new Error('pdftoppm did not write a PGM');
    const width = Number(match[1]);
    const pixels = (points: number) => Math.round((points * dpi) / 72);
    const row = pixels(at.y);
    const start = match[0].length + row * width;
    const [from, to] = [at.fromX === undefined ? 0 : pixels(at.fromX), at.toX === undefined ? width : Math.min(width, pixels(at.toX))];
    const bits = new BitArray(width);
    for (let x = from; x < to; x++) if (pgm[start + x] < 128) bits.set(x);
    const hints = new Map([[DecodeHintType.ASSUME_GS1, false]]);
    return new Code128Reader().decodeRow(row, bits, hints).getText();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
