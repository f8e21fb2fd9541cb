/** The text and the document info of a PDF as poppler reads them, to assert what a document says. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Writes the bytes to a temporary file, runs the poppler tool `command(file)` names, and resolves with its output. */
async function popplerOutput(bytes: Buffer | Uint8Array, command: (file: string) => [string, string[]]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pdftext-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, bytes);
    const [tool, args] = command(file);
    const { stdout } = await run(tool, args);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs `pdftotext -layout` on the bytes; resolves with the text. */
export function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  return popplerOutput(bytes, (file) => ['pdftotext', ['-layout', file, '-']]);
}

/** The document info as `pdfinfo` reads it (Title, Author, Subject, …), by field name. */
export async function pdfInfo(bytes: Buffer | Uint8Array): Promise<Record<string, string>> {
  const info: Record<string, string> = {};
  for (const line of (await popplerOutput(bytes, (file) => ['pdfinfo', [file]])).split('\n')) {
    const field = /^([^:]+):\s*(.*)$/.exec(line);
    if (field) info[field[1]] = field[2];
  }
  return info;
}
