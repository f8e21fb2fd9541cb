/** Drawing sets made with PDFKit for tests: any sheet size (inches), page count and rotation. */
import PDFDocument from 'pdfkit';

export type SheetSpec = { widthIn: number; heightIn: number };

/**
 * A PDF whose pages have the given sizes (one entry per page, or `pages` copies of one size).
 * Each page has a border and a title so previews have something to show, drawn in near-black ink
 * (a black and white set, as most drawing sets are) unless `ink` names a color. With `linework`,
 * each page also has that many short wall segments (a file of some weight: ~20 bytes each).
 */
export function makeDrawingPdf(options: {
  sheets?: SheetSpec[];
  size?: SheetSpec;
  pages?: number;
  title?: string;
  ink?: string;
  linework?: number;
}): Promise<Buffer> {
  const ink = options.ink ?? '#111111';
  const sheets = options.sheets ?? Array.from({ length: options.pages ?? 1 }, () => options.size ?? { widthIn: 36, heightIn: 24 });
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, compress: true, info: { Title: options.title ?? 'Test drawing set' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    sheets.forEach((sheet, i) => {
      const w = sheet.widthIn * 72;
      const h = sheet.heightIn * 72;
      doc.addPage({ size: [w, h], margin: 36 });
      doc
        .lineWidth(4)
        .rect(36, 36, w - 72, h - 72)
        .stroke(ink);
      doc
        .fontSize(Math.min(w, h) / 12)
        .fillColor(ink)
        .text(`A-${100 + i + 1}`, 72, 72);
      doc.fontSize(Math.min(w, h) / 30).text(options.title ?? 'Test drawing set', 72, h / 2);
      if (options.linework) {
        // Deterministic, so a set is the same bytes every run.
        let seed = i + 1;
        const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
        doc.lineWidth(0.5);
        for (let k = 0; k < options.linework; k++) {
          const x = 108 + next() * (w - 216);
          const y = 108 + next() * (h - 216);
          doc.moveTo(x, y).lineTo(x + (k % 2 ? 0 : 36 * next()), y + (k % 2 ? 36 * next() : 0));
        }
        doc.stroke(ink);
      }
    });
    doc.end();
  });
}

/** 24" x 36" landscape sheets. */
export const ARCH_D = { widthIn: 36, heightIn: 24 };
/** 30" x 42" landscape sheets. */
export const ARCH_E1 = { widthIn: 42, heightIn: 30 };
/** US Letter. */
export const LETTER = { widthIn: 8.5, heightIn: 11 };
/** ANSI D (22" x 34"). */
export const ANSI_D = { widthIn: 34, heightIn: 22 };

/** One sheet of a titled set: its title block, an optional drawing index, and anything else drawn on it. */
export type TitledSheet = { number: string; title: string; index?: string[]; draw?: (doc: InstanceType<typeof PDFDocument>) => void };

/** 24" x 36" sheets, each with a title block (number and title) and, where given, a drawing index. */
export function makeTitledSetPdf(sheets: TitledSheet[]): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false, compress: true });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const [w, h] = [36 * 72, 24 * 72];
    for (const sheet of sheets) {
      doc.addPage({ size: [w, h], margin: 0 });
      doc
        .lineWidth(2)
        .rect(36, 36, w - 72, h - 72)
        .stroke('#000000');
      doc
        .fillColor('#000000')
        .fontSize(36)
        .text(sheet.number, w - 180, h - 180, { lineBreak: false });
      doc.fontSize(14).text(sheet.title, w - 420, h - 172, { lineBreak: false });
      sheet.index?.forEach((line, i) => doc.fontSize(12).text(line, 400, 300 + i * 18, { lineBreak: false }));
      sheet.draw?.(doc);
    }
    doc.end();
  });
}

/**
 * The same drawings written again by another PDF producer: every page run through MuPDF's own PDF
 * writer, which writes new content streams (its own number formatting and operators), new font
 * objects and no metadata, as an export from another program would differ.
 */
export async function rewrittenByMupdf(pdf: Buffer): Promise<Buffer> {
  const mupdf = await import('mupdf');
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const out = new mupdf.Buffer();
  const writer = new mupdf.DocumentWriter(out, 'pdf', 'compress');
  for (let i = 0; i < doc.countPages(); i++) {
    const page = doc.loadPage(i);
    const device = writer.beginPage(page.getBounds());
    page.run(device, mupdf.Matrix.identity);
    writer.endPage();
    page.destroy();
  }
  writer.close();
  doc.destroy();
  return Buffer.from(out.asUint8Array());
}

/**
 * An ARCH D sheet (36" x 24") drawn in layers, as a CAD export writes them: a black square on no
 * layer, a blue one on a layer shown, and a red one on a layer hidden by the file's default
 * configuration (a non-plotting layer). A copy that drops the catalog's layers shows the red one.
 */
export async function layeredPdf(): Promise<Buffer> {
  const mupdf = await import('mupdf');
  const doc = new mupdf.PDFDocument();
  const layer = (name: string) => {
    const group = doc.addObject(doc.newDictionary());
    group.put('Type', doc.newName('OCG'));
    group.put('Name', doc.newString(name));
    return group;
  };
  const shown = layer('Plan');
  const hidden = layer('Non-plotting notes');
  const properties = doc.newDictionary();
  properties.put('shown', shown);
  properties.put('hidden', hidden);
  const resources = doc.newDictionary();
  resources.put('Properties', properties);
  const content = [
    '0 0 0 rg 288 288 288 288 re f',
    '/OC /shown BDC 0 0 1 rg 1008 288 288 288 re f EMC',
    '/OC /hidden BDC 1 0 0 rg 1728 288 288 288 re f EMC',
  ].join('\n');
  doc.insertPage(-1, doc.addPage([0, 0, 36 * 72, 24 * 72], 0, resources, content));
  const groups = doc.newArray();
  groups.push(shown);
  groups.push(hidden);
  const off = doc.newArray();
  off.push(hidden);
  const config = doc.newDictionary();
  config.put('OFF', off);
  const props = doc.newDictionary();
  props.put('OCGs', groups);
  props.put('D', config);
  doc.getTrailer().get('Root').put('OCProperties', props);
  const bytes = Buffer.from(doc.saveToBuffer('').asUint8Array());
  doc.destroy();
  return bytes;
}
