/**
 * Linework judged from the content stream (linework.ts) must give the report the pass over MuPDF's
 * display list gives: each sheet here is reported both ways, on hand-made edge cases and on
 * a few hundred random sheets, and the quick way must either agree exactly or decline.
 */
import zlib from 'node:zlib';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { makeDrawingPdf } from '#test/helpers/pdf';
import { MAX_CONTENT_BYTES } from './contentStream';
import { lineworkOf } from './linework';
import { reportByLinework, reportSheet, reportWhole } from './sheetReport';

const W = 600;
const H = 400;

interface SheetSpec {
  ops: string;
  mediaBox?: [number, number, number, number];
  cropBox?: number[];
  rotate?: 0 | 90 | 180 | 270;
  /** A square annotation of this color (RGB, 0-1) over the middle of the sheet. */
  annotation?: [number, number, number];
}

/**
 * A PDF of the given sheets, with a font (F1), graphics states A (invisible), H (half), L (line
 * width), M (multiply), S (soft mask), forms Fm1 (black linework) and Fm2 (red), and color spaces
 * RGB1 and Gray1 (ICC-based), CMYK1 (a device space by another name) and Idx (indexed).
 */
function setOf(sheets: SheetSpec[]): mupdf.PDFDocument {
  const made = new mupdf.PDFDocument();
  const font = made.addSimpleFont(new mupdf.Font('Helvetica'));
  const mask = made.addObject({
    Type: made.newName('Mask'),
    S: made.newName('Luminosity'),
    G: made.addStream('0 0 10 10 re f', { Subtype: made.newName('Form'), BBox: [0, 0, 10, 10] }),
  });
  const form = (ops: string) => made.addStream(ops, { Type: made.newName('XObject'), Subtype: made.newName('Form'), BBox: [0, 0, W, H] });
  const icc = (n: number) => [made.newName('ICCBased'), made.addStream('not a real profile', { N: n })];
  const resources = made.addObject({
    Font: { F1: font },
    ColorSpace: {
      RGB1: icc(3),
      Gray1: icc(1),
      CMYK1: made.newName('DeviceCMYK'),
      Idx: [made.newName('Indexed'), made.newName('DeviceRGB'), 1, made.newString('\x00\x00\x00\xff\x00\x00')],
    },
    XObject: { Fm1: form('0 G 10 10 m 300 200 l S'), Fm2: form('1 0 0 RG 10 10 m 300 200 l S') },
    ExtGState: {
      A: { CA: 0, ca: 0 },
      H: { CA: 0.5, ca: 0.5 },
      L: { LW: 3, LC: 1 },
      M: { BM: made.newName('Multiply') },
      S: { SMask: mask },
    },
  });
  sheets.forEach((sheet, i) => {
    const page = made.addPage(sheet.mediaBox ?? [0, 0, W, H], sheet.rotate ?? 0, resources, sheet.ops);
    if (sheet.cropBox) page.put('CropBox', sheet.cropBox);
    made.insertPage(-1, page);
    if (sheet.annotation) {
      const annotation = (made.loadPage(i) as mupdf.PDFPage).createAnnotation('Square');
      annotation.setRect([200, 150, 400, 250]);
      annotation.setColor(sheet.annotation);
      annotation.update();
    }
  });
  return mupdf.Document.openDocument(made.saveToBuffer(''), 'application/pdf') as mupdf.PDFDocument;
}

/** Each sheet reported the quick way (null when it declines) and the whole way, the page left as it was. */
function bothWays(sheets: SheetSpec[]) {
  const doc = setOf(sheets);
  const out = sheets.map((_, i) => {
    const page = doc.loadPage(i) as mupdf.PDFPage;
    const contentsBefore = page.getObject().get('Contents').toString();
    const quick = reportByLinework(page);
    expect(page.getObject().get('Contents').toString()).toBe(contentsBefore);
    const whole = reportWhole(page, 0).sheet;
    page.destroy();
    return { quick, whole };
  });
  doc.destroy();
  return out;
}

const TEXT = `BT /F1 14 Tf 100 100 Td (FLOOR PLAN  SCALE: 1/4" = 1'-0") Tj ET`;

describe('linework judged from the content stream', () => {
  it('agrees with the whole interpretation on each edge case, and takes the quick way where it should', () => {
    const cases: (SheetSpec & { quick: boolean; why: string })[] = [
      { why: 'black linework and a scale note', quick: true, ops: `0.5 w 0 G 50 50 m 500 50 l 500 300 l S\n${TEXT}` },
      { why: 'PDFKit: color set between path and paint', quick: true, ops: `1 0 0 -1 0 ${H} cm 3 w 36 36 500 300 re /DeviceRGB CS 0 0 0 SCN S` },
      { why: 'grey fill in CMYK', quick: true, ops: '0 0 0 0.8 k 100 100 200 100 re f' },
      { why: 'only white paint: blank, judged whole', quick: false, ops: '1 g 0 0 600 400 re f 1 G 10 10 m 500 300 l S' },
      { why: 'light grey paint just above the ink threshold: blank, judged whole', quick: false, ops: '0.99 g 10 10 400 300 re f' },
      {
        why: "paint off the sheet only (a stroke's width could reach in): declined",
        quick: false,
        ops: '0 G 700 100 m 900 300 l S 0 g -300 -300 100 100 re f',
      },
      { why: 'dark paint under a clip that hides it, then none', quick: false, ops: 'q 0 0 10 10 re W n 0 G 100 100 m 200 200 l S Q' },
      { why: 'dark paint inside its clip', quick: true, ops: 'q 50 50 400 300 re W n 0 G 100 100 m 200 200 l S Q' },
      { why: 'invisible stroke (CA 0) then nothing: blank, judged whole', quick: false, ops: '/A gs 0 G 100 100 m 200 200 l S' },
      { why: 'half-transparent black is ink', quick: true, ops: '/H gs 0 G 100 100 m 200 200 l S' },
      { why: 'line width state only', quick: true, ops: '/L gs 0 G 100 100 m 200 200 l S' },
      { why: 'red markup: to be rendered', quick: false, ops: '0 G 50 50 m 500 300 l S 1 0 0 RG 100 100 200 100 re S' },
      { why: 'near-grey RGB stays B&W', quick: true, ops: '0.5 0.52 0.5 RG 100 100 m 300 300 l S' },
      { why: 'CMYK with cyan: to be rendered', quick: false, ops: '0.3 0 0 0 K 100 100 m 300 300 l S' },
      { why: 'multiply blend mode', quick: false, ops: '/M gs 0 G 100 100 m 300 300 l S' },
      { why: 'soft mask', quick: false, ops: '/S gs 0 g 100 100 200 200 re f' },
      { why: 'optional content', quick: false, ops: '/OC /L1 BDC 0 G 100 100 m 300 300 l S EMC' },
      { why: 'tagged content', quick: true, ops: '/P <</MCID 0 /Alt (a ) b>> BDC 0 G 100 100 m 300 300 l S EMC' },
      {
        why: 'operators inside strings and comments are not operators',
        quick: true,
        ops: `% 1 0 0 RG 0 0 m 600 400 l S\nBT /F1 12 Tf 100 100 Td (1 0 0 RG 0 0 m \\) S) Tj [(a) -20 <48656c6c6f>] TJ ET`,
      },
      { why: 'text used as a clip', quick: false, ops: 'BT 7 Tr /F1 40 Tf 100 100 Td (CLIP) Tj ET 0 G 100 100 m 300 300 l S' },
      { why: 'a lone moveto painted, nothing else', quick: false, ops: '0 G 100 100 m S' },
      { why: "a fill with no area alone (MuPDF may drop it at the sheet's edge clip): declined", quick: false, ops: '0 g 100 100 m 300 100 l f' },
      { why: 'a fill with no area, then one with', quick: true, ops: '0 g 100 100 m 300 100 l f 100 100 m 300 100 l 300 120 l f' },
      { why: 'curves', quick: true, ops: '0 G 100 100 m 150 300 250 300 300 100 c 300 50 350 50 v 400 50 450 100 y h S' },
      { why: 'rotated and scaled user space', quick: true, ops: 'q 0.7071 0.7071 -0.7071 0.7071 300 0 cm 0 G 0 0 m 100 0 l S Q' },
      { why: 'rotated sheet with a crop box', quick: true, rotate: 90, cropBox: [100, 50, 500, 350], ops: '0 G 150 100 m 450 300 l S' },
      { why: 'paint only outside the crop box: declined', quick: false, cropBox: [100, 50, 500, 350], ops: '0 G 10 10 m 90 40 l S' },
      { why: 'a media box away from the origin', quick: true, mediaBox: [-300, 200, 300, 600], ops: '0 G -200 300 m 100 500 l S' },
      { why: 'color pushed and popped, then black', quick: true, ops: 'q 1 0 0 RG Q 0 G 100 100 m 300 300 l S' },
      { why: 'an inline image', quick: false, ops: '0 G 100 100 m 300 300 l S q 100 0 0 100 50 50 cm BI /W 1 /H 1 /CS /G /BPC 8 ID \x00 EI Q' },
      { why: 'an empty page: judged whole', quick: false, ops: '' },
      { why: 'a black square annotation, nothing else: ink', quick: true, ops: '', annotation: [0, 0, 0] },
      { why: 'a red square annotation over black linework', quick: false, ops: '0 G 50 50 m 500 300 l S', annotation: [1, 0, 0] },
      {
        why: 'a space glyph and light linework in the crop box: may be blank, judged whole',
        quick: false,
        cropBox: [50, 50, 450, 350],
        ops: '0 0 0 0.01 K 100 100 200 200 re S BT /F1 12 Tf 86 57 Td ( ) Tj ET',
      },
      {
        why: 'a clip with no area (a line) over a red form and black linework',
        quick: false,
        ops: '644 498 m 257 281 l W* n /Fm2 Do 0 G 100 100 200 100 re f',
      },
      {
        why: 'cyan text beyond the crop box, which only the linework kept in the list: judged whole',
        quick: false,
        rotate: 180,
        cropBox: [50, 50, 450, 350],
        ops: '333.44 796 m 194 699 -41.172 160.921 785.802 484.61 c 57 429.182 654.378 309 v h b 0.2 0 0 0 k BT /F1 12 Tf 8 -102.22 Td ( ) Tj ET',
      },
      {
        why: 'red text beyond the crop box, and a line whose bounds meet a clip it never enters: judged whole',
        quick: false,
        cropBox: [50, 50, 450, 350],
        ops: '1 0 0 rg BT /F1 12 Tf 665 594 Td (NOTES) Tj ET q 100 100 300 200 re W* n 677.355 232 m 178.773 722 l h S Q',
      },
      { why: 'a rectangular clip over black linework', quick: true, ops: 'q 50 50 500 300 re W n 0 G 100 100 200 100 re f Q' },
      { why: 'text inside an open path', quick: false, ops: '0 G 100 100 m BT /F1 12 Tf 50 50 Td (x) Tj ET 300 300 l S' },
      { why: 'ICC-based RGB set to black', quick: true, ops: '/RGB1 CS 0 0 0 SCN 100 100 m 300 300 l S' },
      { why: 'ICC-based grey, its initial color', quick: false, ops: '/Gray1 CS 100 100 m 300 300 l S' },
      { why: 'indexed color', quick: false, ops: '/Idx CS 0 SC 100 100 m 300 300 l S' },
    ];
    const results = bothWays(cases);
    results.forEach(({ quick, whole }, i) => {
      const { why } = cases[i];
      if (quick) expect(quick, why).toEqual(whole);
      expect(quick !== null, why).toBe(cases[i].quick);
    });
    // The cases cover both answers of each field.
    expect(new Set(results.map((r) => r.whole.blank))).toEqual(new Set([true, false]));
    expect(new Set(results.map((r) => r.whole.color))).toEqual(new Set([true, false]));
  });

  it('takes the quick way on a compressed drawing set PDFKit made, with the same report', async () => {
    const doc = mupdf.Document.openDocument(await makeDrawingPdf({ pages: 3, linework: 200 }), 'application/pdf');
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      const quick = reportByLinework(page);
      expect(quick).not.toBeNull();
      expect(quick).toEqual(reportWhole(page, 0).sheet);
      page.destroy();
    }
    doc.destroy();
  });

  it('agrees with the whole interpretation on 400 random sheets', () => {
    let seed = 20261124;
    const random = () => {
      seed = (seed * 1664525 + 1013904223) % 4294967296;
      return seed / 4294967296;
    };
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
    const coordinate = () => (random() * 1000 - 200).toFixed(random() < 0.5 ? 0 : 3);
    const path = () => {
      const parts = [random() < 0.3 ? `${coordinate()} ${coordinate()} ${coordinate()} ${coordinate()} re` : `${coordinate()} ${coordinate()} m`];
      for (let n = Math.floor(random() * 4); n > 0; n--) {
        parts.push(
          pick([
            () => `${coordinate()} ${coordinate()} l`,
            () => `${coordinate()} ${coordinate()} ${coordinate()} ${coordinate()} ${coordinate()} ${coordinate()} c`,
            () => `${coordinate()} ${coordinate()} ${coordinate()} ${coordinate()} v`,
            () => 'h',
            () => `${coordinate()} ${coordinate()} m`,
          ])(),
        );
      }
      parts.push(pick(['S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'n', 'W n', 'W* n', 'W S']));
      return parts.join(' ');
    };
    const item = (): string =>
      pick([
        path,
        path,
        path,
        () => pick(['q', 'Q']),
        () => pick(['1 0 0 1 40 -30 cm', '0.5 0 0 0.5 0 0 cm', '0 1 -1 0 500 0 cm', '0.7071 0.7071 -0.7071 0.7071 200 -100 cm']),
        () => `${pick(['0', '0.5', '0.98', '1'])} ${pick(['g', 'G'])}`,
        () => `${pick(['0 0 0', '0.4 0.4 0.4', '1 1 1', '1 0 0', '0.5 0.55 0.5'])} ${pick(['rg', 'RG'])}`,
        () => `${pick(['0 0 0 1', '0 0 0 0.01', '0.2 0 0 0'])} ${pick(['k', 'K'])}`,
        () => `/DeviceRGB ${pick(['cs', 'CS'])} ${pick(['0 0 0', '0.9 0.9 0.9', '0 0 1'])} ${pick(['sc', 'SC', 'scn', 'SCN'])}`,
        () => `/DeviceGray cs 0.3 sc`,
        () => `/${pick(['A', 'H', 'L', 'M'])} gs`,
        () => `BT /F1 12 Tf ${coordinate()} ${coordinate()} Td ${pick(['0', '3'])} Tr (${pick(['1" = 20\'', 'NOTES', ' '])}) Tj ET`,
        () => '% 1 0 0 RG 0 0 m 600 400 l S',
        () => pick(['[3 2] 0 d', '2 w', '1 j', '0 J', '/Fm1 Do', '/Fm2 Do', '/CS0 cs 0.5 sc', '/DeviceCMYK CS 0 0 0 1 SCN', '/P <</MCID 3>> BDC', 'EMC']),
        () => pick(['/OC /L1 BDC', 'BT 7 Tr ET', '/S gs', 'q 0 0 50 50 re W n', 'q 100 100 300 200 re W* n']),
        () =>
          pick([
            '/RGB1 cs 0.2 0.2 0.2 sc',
            '/RGB1 CS 1 0 0 SCN',
            '/RGB1 CS',
            '/Gray1 cs 0.4 scn',
            '/Gray1 CS 0 SC',
            '/CMYK1 CS 0 0 0 1 SCN',
            '/CMYK1 cs 0 0.5 0 0 sc',
            '/Idx cs 0 sc',
          ]),
      ])();
    const sheets: SheetSpec[] = Array.from({ length: 400 }, () => ({
      ops: Array.from({ length: 1 + Math.floor(random() * 10) }, item).join('\n'),
      rotate: pick([0, 0, 90, 180, 270]),
      cropBox: random() < 0.3 ? [50, 50, 450, 350] : undefined,
      annotation:
        random() < 0.1
          ? pick<[number, number, number]>([
              [0, 0, 0],
              [1, 0, 0],
              [0.5, 0.5, 0.5],
            ])
          : undefined,
    }));
    const results = bothWays(sheets);
    let taken = 0;
    results.forEach(({ quick, whole }, i) => {
      if (!quick) return;
      taken++;
      expect(quick, JSON.stringify(sheets[i])).toEqual(whole);
    });
    // Not vacuous: the quick way answers for a good share (never for a blank sheet, which is judged whole).
    expect(taken).toBeGreaterThan(40);
    expect(results.filter((r) => r.quick).every((r) => !r.whole.blank)).toBe(true);
    expect(results.some((r) => r.whole.blank)).toBe(true);
  });

  it('leaves out only the paths it judged, and keeps text, clips and the state around them', () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    const judged = lineworkOf(
      encode(`q 0 0 600 400 re W n 0 G 10 10 m 20 20 l S /DeviceRGB CS 0 0 0 SCN 30 30 m 40 40 l\n/DeviceRGB CS 0 0 0 SCN\nS ${TEXT} Q`),
      {
        ctm: [1, 0, 0, -1, 0, H],
        sheet: [0, 0, W, H],
        extGState: () => null,
      },
    );
    expect(judged?.ink).toBe(true);
    const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();
    expect(spaced(new TextDecoder().decode(judged!.content))).toBe(
      spaced(`q 0 0 600 400 re W n 0 G /DeviceRGB CS 0 0 0 SCN /DeviceRGB CS 0 0 0 SCN ${TEXT} Q`),
    );
  });

  it('reads compressed and split content, and leaves a stream that inflates past the ceiling, or is cut short, to MuPDF', () => {
    const made = new mupdf.PDFDocument();
    const flate = (text: string | Buffer) => made.addRawStream(zlib.deflateSync(text), { Filter: made.newName('FlateDecode') });
    const sheet = (contents: mupdf.PDFObject | mupdf.PDFObject[]) => {
      const page = made.addPage([0, 0, W, H], 0, made.newDictionary(), '');
      page.put('Contents', contents);
      made.insertPage(-1, page);
    };
    sheet(flate('0 G 100 100 m 300 300 l S'));
    sheet([flate('0 G 100 100 m'), made.addStream('300 300 l S', {})]);
    // A bomb: under 20 KB that inflates past MAX_CONTENT_BYTES, drawing one line at its end.
    sheet(flate(Buffer.concat([Buffer.alloc(MAX_CONTENT_BYTES, 0x20), Buffer.from('0 G 100 100 m 300 300 l S')])));
    // Cut short: the line is there, the end of the compressed stream is not.
    sheet(made.addRawStream(zlib.deflateSync('0 G 100 100 m 300 300 l S % and more').subarray(0, 24), { Filter: made.newName('FlateDecode') }));
    const doc = mupdf.Document.openDocument(made.saveToBuffer(''), 'application/pdf');
    const answers = Array.from({ length: doc.countPages() }, (_, i) => {
      const page = doc.loadPage(i);
      const quick = reportByLinework(page);
      const sheetReport = reportSheet(page, 0).sheet;
      page.destroy();
      return { quick, blank: sheetReport.blank };
    });
    doc.destroy();
    expect(answers.map((a) => a.quick !== null)).toEqual([true, true, false, false]);
    expect(answers.slice(0, 3).map((a) => a.blank)).toEqual([false, false, false]);
  });

  it('declines what it cannot read, and a report of such a sheet comes from the whole interpretation', () => {
    const options = { ctm: [1, 0, 0, 1, 0, 0], sheet: [0, 0, W, H], extGState: () => null };
    const encode = (text: string) => new TextEncoder().encode(text);
    for (const broken of [
      '0 G 10 10 m 20 20 l',
      '(unterminated 0 G 10 10 m S',
      '0 G 10 10 l S',
      '0 G 1..2 10 m 20 20 l S',
      '<< /A 1 BDC',
      '0 G 10 10 m 20 20 l } S',
    ])
      expect(lineworkOf(encode(broken), options), broken).toBeNull();
    const doc = setOf([{ ops: '0 G 100 100 m 300 300 l S 1 0 0 rg 100 100 50 50 re f' }]);
    const page = doc.loadPage(0);
    expect(reportByLinework(page)).toBeNull();
    expect(reportSheet(page, 0).sheet).toMatchObject({ color: true, blank: false });
    page.destroy();
    doc.destroy();
  });
});
