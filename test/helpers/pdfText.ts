/** The text of a PDF as poppler's pdftotext reads it (layout kept), to assert what a document says. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs `pdftotext -layout` on the bytes; resolves with the text. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pdftext-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
