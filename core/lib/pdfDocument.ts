/** Drawing PDFs with PDFKit (receipts, job tickets, built-in labels): one way to get the bytes. */
import PDFDocument from 'pdfkit';
import { useFont } from './pdfLayout';

export type Pdf = PDFKit.PDFDocument;

/**
 * Creates a document, lets `draw` fill it, and resolves with the finished PDF's bytes. The document
 * starts in the built-in Helvetica; every piece of text goes through pdfLayout's `drawText`, which
 * draws what WinAnsi cannot encode (Cyrillic, CJK, №) in the embedded Noto faces instead.
 */
export function renderPdf(options: PDFKit.PDFDocumentOptions, draw: (doc: Pdf) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      useFont(doc, 'standard', 'regular');
      draw(doc);
    } catch (error) {
      reject(error);
      return;
    }
    doc.end();
  });
}
