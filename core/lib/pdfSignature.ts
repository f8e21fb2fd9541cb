/**
 * Whether bytes are a PDF, by content and not by name: the `%PDF-` signature in the first kilobyte,
 * where readers look for it. The upload route checks it while the body streams in; the analysis job
 * checks it again for a file that reached storage without passing the route (a presigned POST).
 */
import fs from 'node:fs/promises';

/** What a customer is told when the file is not a PDF (415 on upload, `message` of a rejected upload). */
export const NOT_PDF_MESSAGE = 'This file is not a PDF. Please upload a PDF file only.';

const SIGNATURE = Buffer.from('%PDF-');
/** How many of the first bytes may come before the signature. */
export const PDF_SIGNATURE_WINDOW = 1024;

/** True when the signature appears within the first PDF_SIGNATURE_WINDOW bytes of `head`. */
export function hasPdfSignature(head: Buffer): boolean {
  return head.subarray(0, PDF_SIGNATURE_WINDOW).includes(SIGNATURE);
}

/** Reads the first kilobyte of a file (and closes it) to check its signature. */
export async function fileHasPdfSignature(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(PDF_SIGNATURE_WINDOW);
    const { bytesRead } = await handle.read(head, 0, PDF_SIGNATURE_WINDOW, 0);
    return hasPdfSignature(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
