/**
 * The two issues of a dense CAD-like set the revision compare bench uses (bench/revision-compare.ts),
 * made once with PDFKit under bench/out/. Simpler than bench/denseSet.ts (no scans, no blocks), but
 * it can put a change on chosen sheets, which a revision needs:
 * ARCH D sheets, each with 16,000 short three-segment polylines (about 50,000 path operators), a
 * hatch inside a clip, 150 lines of 7 pt notes and a title block (its sheet number and title); every
 * fifth sheet has a 0.6 pt red cloud, the color a B&W set most often carries. Deterministic, so a set
 * is the same bytes every time it is made; `added` puts a 0.5 pt line 1" long on the sheets it names
 * (a revision of the set).
 */
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';

/** Writes the set to `file` unless it is there already. */
export async function makeDenseSet(file: string, sheets: number, added: (sheet: number) => boolean = () => false): Promise<void> {
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const doc = new PDFDocument({ autoFirstPage: false, compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  const [w, h] = [36 * 72, 24 * 72];
  for (let s = 0; s < sheets; s++) {
    doc.addPage({ size: [w, h], margin: 0 });
    let seed = s + 1;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    doc.lineWidth(0.35);
    for (let i = 0; i < 16_000; i++) {
      const x = 72 + next() * (w - 300);
      const y = 72 + next() * (h - 200);
      doc
        .moveTo(x, y)
        .lineTo(x + 30 * next(), y)
        .lineTo(x + 30 * next(), y + 20 * next());
    }
    doc.stroke('#000000');
    doc.save();
    doc.rect(300, 300, 600, 400).clip();
    for (let x = 300; x < 1300; x += 6) doc.moveTo(x, 300).lineTo(x - 400, 700);
    doc.lineWidth(0.2).stroke('#444444');
    doc.restore();
    doc.fillColor('#000000').fontSize(7);
    for (let i = 0; i < 150; i++)
      doc.text(`NOTE ${i}: PROVIDE 5/8" GYP. BD. EACH SIDE`, 100 + (i % 5) * 400, 100 + Math.floor(i / 5) * 40, { lineBreak: false });
    doc.fontSize(36).text(`A-${101 + s}`, w - 180, h - 180, { lineBreak: false });
    doc.fontSize(14).text('FLOOR PLAN', w - 420, h - 172, { lineBreak: false });
    if (s % 5 === 4) doc.lineWidth(0.6).circle(1500, 900, 160).stroke('#ff0000');
    if (added(s + 1)) doc.lineWidth(0.5).moveTo(2300, 1500).lineTo(2372, 1500).stroke('#000000');
  }
  doc.end();
  await done;
  fs.writeFileSync(file, Buffer.concat(chunks));
}
