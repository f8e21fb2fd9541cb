/**
 * 24" x 36" sheets with what will not print as it looks, drawn by PDFKit: walls of 0.05 pt lines
 * (hairlines at full size), of 0.15 pt (hairlines only at half size), in 10% grey, general notes in
 * a font the file does not embed, and a clean sheet. Each carries its sheet number in Helvetica,
 * one of the 14 standard fonts (never missing).
 */
import * as mupdf from 'mupdf';
import PDFDocument from 'pdfkit';

const W = 36 * 72;
const H = 24 * 72;
type Doc = InstanceType<typeof PDFDocument>;

export type PrintProblem = 'clean' | 'hairlines' | 'halfOnly' | 'light' | 'notEmbedded';

/** A floor plan's worth of walls in `width` pt lines of `color`, a 2 pt border and the sheet's number. */
function walls(doc: Doc, number: string, width: number, color = '#000000'): void {
  doc
    .lineWidth(2)
    .rect(36, 36, W - 72, H - 72)
    .stroke('#000000');
  doc.lineWidth(width);
  for (let x = 144; x < W - 144; x += 72)
    doc
      .moveTo(x, 144)
      .lineTo(x, H - 144)
      .stroke(color);
  doc
    .fillColor('#000000')
    .font('Helvetica')
    .fontSize(36)
    .text(number, W - 180, H - 180, { lineBreak: false });
}

const DRAW: Record<PrintProblem, (doc: Doc, number: string) => void> = {
  clean: (doc, n) => walls(doc, n, 0.5),
  hairlines: (doc, n) => walls(doc, n, 0.05),
  halfOnly: (doc, n) => walls(doc, n, 0.15),
  light: (doc, n) => walls(doc, n, 0.5, '#e6e6e6'),
  notEmbedded: (doc, n) => {
    walls(doc, n, 0.5);
    // Times-Roman, renamed below to a font the file does not carry.
    doc.font('Times-Roman').fontSize(12).text('GENERAL NOTES: VERIFY ALL DIMENSIONS IN THE FIELD', 200, 200, { lineBreak: false });
  },
};

/** The set, sheet i numbered `A-20{i+1}`; every Times-Roman renamed `ArialNarrow` (not embedded, not standard). */
export async function printProblemSet(problems: readonly PrintProblem[]): Promise<Buffer> {
  const bytes = await new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, compress: true });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    problems.forEach((problem, i) => {
      doc.addPage({ size: [W, H], margin: 0 });
      DRAW[problem](doc, `A-20${i + 1}`);
    });
    doc.end();
  });
  const pdf = mupdf.Document.openDocument(bytes, 'application/pdf') as mupdf.PDFDocument;
  try {
    for (let i = 0; i < pdf.countPages(); i++) {
      const fonts = (pdf.loadPage(i) as mupdf.PDFPage).getObject().getInheritable('Resources').get('Font');
      if (!fonts.isDictionary()) continue;
      fonts.forEach((value) => {
        const font = value.resolve();
        if (font.get('BaseFont').asName() === 'Times-Roman') font.put('BaseFont', pdf.newName('ArialNarrow'));
      });
    }
    return Buffer.from(pdf.saveToBuffer('compress').asUint8Array());
  } finally {
    pdf.destroy();
  }
}
