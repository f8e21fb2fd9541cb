// Opening a PDF for MuPDF, shared by the MuPDF process (child.ts) and its report threads (reporter.ts).
import fs from 'node:fs';
import * as mupdf from 'mupdf';

/**
 * Bytes read from the file at a time. MuPDF asks for 8 KB at a time, and again after every seek
 * (an object's length, the next page's dictionary): about 50 reads a sheet of a drawing set, each a
 * system call. Served from a window this size instead, a sheet costs one or two.
 */
export const READ_WINDOW = 256 * 1024;

/**
 * MuPDF reads the file through a stream on its descriptor, only the parts it needs: a 50 MB set is
 * neither read whole nor copied into MuPDF's WebAssembly heap just to measure its sheets.
 *
 * The descriptor is closed when MuPDF drops the stream: when the document is destroyed, or at once
 * when it will not open. The stream's own wrapper is destroyed here, so the document holds the only
 * reference (left to the garbage collector, the wrapper kept every file open until a collection came).
 */
export function openFile(file: string): mupdf.Document {
  const fd = fs.openSync(file, 'r');
  let stream: mupdf.Stream;
  try {
    const size = fs.fstatSync(fd).size;
    const window = Buffer.allocUnsafe(Math.min(READ_WINDOW, size));
    let windowAt = 0;
    let windowLength = 0;
    let closed = false;
    stream = new mupdf.Stream({
      fileSize: () => size,
      read(memory: Uint8Array, offset: number, length: number, position: number) {
        if (position < windowAt || position >= windowAt + windowLength) {
          windowAt = position;
          windowLength = fs.readSync(fd, window, 0, window.length, position);
        }
        const count = Math.min(length, windowAt + windowLength - position);
        if (count <= 0) return 0;
        memory.set(window.subarray(position - windowAt, position - windowAt + count), offset);
        return count;
      },
      close() {
        if (closed) return;
        closed = true;
        fs.closeSync(fd);
      },
    });
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
  try {
    return mupdf.Document.openDocument(stream, 'application/pdf');
  } finally {
    stream.destroy();
  }
}
