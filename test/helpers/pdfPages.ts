/** A PDF's pages as poppler reads them, and its page images, to check and to look at documents. */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pdfText } from './pdfText';

const run = promisify(execFile);

/** The text of each page (pdftotext separates pages with a form feed). */
export async function pdfPageTexts(bytes: Buffer): Promise<string[]> {
  const pages = (await pdfText(bytes)).split('\f');
  // pdftotext ends the last page with a form feed too.
  return pages.at(-1)?.trim() === '' ? pages.slice(0, -1) : pages;
}

/**
 * Renders every page as `pdftoppm -png -r 60` does; resolves with the number of PNGs written and
 * what poppler complained of on stderr (a broken embedded font shows there), then deletes them.
 * Set `keepIn` to a folder to keep the PNGs there to look at.
 */
export async function renderPngs(bytes: Buffer, name: string, keepIn?: string): Promise<{ pages: number; stderr: string }> {
  if (keepIn) await mkdir(keepIn, { recursive: true });
  const dir = keepIn ?? (await mkdtemp(join(tmpdir(), `${name}-`)));
  const file = join(dir, `${name}.pdf`);
  try {
    await writeFile(file, bytes);
    const { stderr } = await run('pdftoppm', ['-png', '-r', '60', file, join(dir, name)]);
    const pngs = (await readdir(dir)).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.png'));
    return { pages: pngs.length, stderr };
  } finally {
    if (keepIn) await rm(file);
    else await rm(dir, { recursive: true, force: true });
  }
}
