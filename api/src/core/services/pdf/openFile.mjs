// Opening a PDF for MuPDF, shared by the MuPDF process (child.mjs) and its report threads (reporter.mjs).
import fs from 'node:fs';
import * as mupdf from 'mupdf';

/**
 * MuPDF reads the file through a stream on its descriptor, only the parts it needs: a 50 MB set is
 * neither read whole nor copied into MuPDF's WebAssembly heap just to measure its sheets.
 */
export function openFile(file) {
  const fd = fs.openSync(file, 'r');
  const size = fs.fstatSync(fd).size;
  const stream = new mupdf.Stream({
    fileSize: () => size,
    read: (memory, offset, length, position) => fs.readSync(fd, memory, offset, length, position),
    close: () => fs.closeSync(fd),
  });
  return mupdf.Document.openDocument(stream, 'application/pdf');
}
