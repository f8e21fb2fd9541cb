/**
 * A dense CAD-like drawing set for bench/report-dense.ts, written operator by operator with MuPDF (as
 * a CAD program's PDF driver writes one, not through a drawing library), and the count of its path
 * operators.
 *
 * Each sheet is ARCH D (36" x 24") with, in the order a plotter driver writes them:
 *  - on some sheets a scanned underlay: a 150 dpi JPEG of an old drawing (grey, one of them RGB with
 *    yellowed paper, near grey) placed under the linework of the main viewport;
 *  - three viewports, each clipped (`re W n`) and scaled from model space (`cm`), holding walls as
 *    separate strokes in five pen weights and grey levels (set with `RG`, as AutoCAD writes black),
 *    door swings (`c`), a dashed grid, dimension strings with ticks and text, furniture blocks placed
 *    as Form XObjects, and hatches (ANSI31 lines and a dotted fill) inside the clip of their boundary;
 *  - about 140 notes in 6–7 pt text, room tags, and a title block with the sheet number and title;
 *  - on known sheets, thin colored markup: a revision cloud of 0.5 or 0.6 pt red arcs, about 4½"
 *    across, with its delta, or one line of 6 pt blue text;
 *  - on the sheets `added` names (none unless asked), the change a revision of the set makes: a
 *    0.5 pt black line 1" long, last in the content stream (bench/revision-compare.ts).
 *
 * The same bytes every time (a seeded random walk), so runs compare, and a sheet without the added
 * line is written the same in both issues of a revision.
 */
import * as mupdf from 'mupdf';

export const DENSE_SHEETS = 40;
/** Sheets (1-based) with a scanned underlay; the one in RGB has yellowed (near-grey) paper. */
export const SCANNED = [3, 9, 15, 21, 27, 33];
const RGB_SCAN = 27;
/** Sheets with a red revision cloud (0.6 pt on odd sheets, 0.5 pt on even ones). */
export const CLOUDED = [5, 10, 15, 20, 25, 30, 35, 40];
/** Sheets with one line of small blue text. */
export const BLUE_TEXT = [7, 22, 33];
/** Every sheet with colored ink: what the report must call color, and no other. */
export const COLOR_SHEETS = [...new Set([...CLOUDED, ...BLUE_TEXT])].sort((a, b) => a - b);

const W = 36 * 72;
const H = 24 * 72;
/** Lines of model-space walls per viewport, tuned so a sheet has over 50,000 path operators. */
const WALLS = 6400;

const f = (n: number) => (Math.round(n * 100) / 100).toString();

function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

/** A scanned drawing as JPEG bytes: paper with grain, faded linework and a crease, `w` x `h` pixels. */
function scan(w: number, h: number, rgb: boolean, seed: number): Uint8Array {
  const pixmap = new mupdf.Pixmap(rgb ? mupdf.ColorSpace.DeviceRGB : mupdf.ColorSpace.DeviceGray, [0, 0, w, h], false);
  try {
    const n = rgb ? 3 : 1;
    const px = pixmap.getPixels();
    const next = random(seed);
    // Paper: grey with grain; in RGB, yellowed (channels spread by 14 of 255, under what counts as color).
    const paper = rgb ? [242, 236, 228] : [236, 236, 236];
    for (let i = 0; i < w * h; i++) {
      const grain = (next() * 14 - 7) | 0;
      for (let c = 0; c < n; c++) px[i * n + c] = paper[c] + grain;
    }
    const ink = (x: number, y: number, v: number) => {
      if (x < 0 || y < 0 || x >= w || y >= h) return;
      const i = (y * w + x) * n;
      for (let c = 0; c < n; c++) px[i + c] = Math.min(px[i + c], v + (rgb ? c * -3 + 6 : 0));
    };
    // Faded linework: walls and a grid, two or three pixels wide.
    for (let k = 0; k < 900; k++) {
      const x = (next() * w) | 0;
      const y = (next() * h) | 0;
      const len = (40 + next() * 400) | 0;
      const across = next() < 0.5;
      const v = (50 + next() * 60) | 0;
      for (let t = 0; t < len; t++) for (let d = 0; d < 3; d++) ink(across ? x + t : x + d, across ? y + d : y + t, v);
    }
    // A crease and a shadow along one edge, as a scanner bed leaves them.
    for (let y = 0; y < h; y++) for (let d = 0; d < 4; d++) ink(((w * 0.62) | 0) + d, y, 170);
    for (let y = 0; y < h; y++) for (let x = 0; x < 30; x++) ink(x, y, 120 + x * 3);
    return pixmap.asJPEG(70);
  } finally {
    pixmap.destroy();
  }
}

/** A furniture block (desk and chair, a toilet, a door leaf): its drawing in block units. */
const BLOCKS = [
  '0 0 60 30 re S 5 30 m 5 36 l 55 36 l 55 30 l S 20 38 m 20 50 l 40 50 l 40 38 l h S',
  '0 0 m 18 0 l 18 12 l 0 12 l h S 9 12 m 2 12 0 18 0 26 c 0 36 6 42 9 42 c 12 42 18 36 18 26 c 18 18 16 12 9 12 c S',
  '0 0 m 36 0 l S 0 0 m 0 36 l S 0 36 m 20 36 36 20 36 0 c S',
];

/** One viewport of a sheet: model space scaled into `box` (points), clipped to it. */
function viewport(out: string[], next: () => number, box: [number, number, number, number], walls: number, scanned: string | null): void {
  const [x0, y0, bw, bh] = box;
  out.push(`q ${f(x0)} ${f(y0)} ${f(bw)} ${f(bh)} re W n`);
  if (scanned) out.push(`q ${f(bw)} 0 0 ${f(bh)} ${f(x0)} ${f(y0)} cm /${scanned} Do Q`);
  // Model space in inches of the building at 1/8" = 1'-0": 96 model units a sheet inch, here points.
  const scale = 0.75;
  out.push(`q ${scale} 0 0 ${scale} ${f(x0)} ${f(y0)} cm`);
  const mw = bw / scale;
  const mh = bh / scale;
  // The grid: dashed, light, with bubbles.
  out.push('0.6 0.6 0.6 RG 0.18 w [12 4 2 4] 0 d');
  for (let gx = 60; gx < mw; gx += 240) out.push(`${f(gx)} 0 m ${f(gx)} ${f(mh)} l S`);
  for (let gy = 60; gy < mh; gy += 240) out.push(`0 ${f(gy)} m ${f(mw)} ${f(gy)} l S`);
  out.push('[] 0 d');
  // Walls: separate strokes in five pens, as a plot style table writes them.
  const pens = [
    ['0 0 0 RG', 0.7],
    ['0 0 0 RG', 0.5],
    ['0.2 0.2 0.2 RG', 0.35],
    ['0.5 0.5 0.52 RG', 0.25],
    ['0 G', 0.18],
  ] as const;
  for (let i = 0; i < walls; i++) {
    if (i % 400 === 0) {
      const [color, width] = pens[(i / 400) % pens.length];
      out.push(`${color} ${width} w 1 J 1 j`);
    }
    const x = next() * mw;
    const y = next() * mh;
    const len = 12 + next() * 90;
    if (i % 9 === 0) {
      // A door swing: leaf and arc.
      out.push(`${f(x)} ${f(y)} m ${f(x)} ${f(y + 36)} l ${f(x + 20)} ${f(y + 36)} ${f(x + 36)} ${f(y + 20)} ${f(x + 36)} ${f(y)} c S`);
    } else if (i % 4 === 0) {
      // A wall as a closed outline (two faces and ends).
      out.push(`${f(x)} ${f(y)} m ${f(x + len)} ${f(y)} l ${f(x + len)} ${f(y + 6)} l ${f(x)} ${f(y + 6)} l h S`);
    } else {
      out.push(i % 2 ? `${f(x)} ${f(y)} m ${f(x + len)} ${f(y)} l S` : `${f(x)} ${f(y)} m ${f(x)} ${f(y + len)} l S`);
    }
  }
  // Poché: some walls filled grey.
  out.push('0.75 g');
  for (let i = 0; i < 120; i++) out.push(`${f(next() * mw)} ${f(next() * mh)} ${f(20 + next() * 80)} 6 re f`);
  // Hatches: ANSI31 inside a room's boundary (its clip), and a dotted concrete fill.
  for (let k = 0; k < 6; k++) {
    const hx = next() * (mw - 300);
    const hy = next() * (mh - 200);
    out.push(`q ${f(hx)} ${f(hy)} m ${f(hx + 280)} ${f(hy)} l ${f(hx + 280)} ${f(hy + 120)} l ${f(hx + 140)} ${f(hy + 190)} l ${f(hx)} ${f(hy + 120)} l h W n`);
    out.push('0.3 0.3 0.3 RG 0.18 w');
    for (let t = -200; t < 290; t += 4) out.push(`${f(hx + t)} ${f(hy)} m ${f(hx + t + 200)} ${f(hy + 200)} l`);
    out.push('S');
    if (k % 2) {
      out.push('0 g');
      for (let d = 0; d < 150; d++) out.push(`${f(hx + next() * 280)} ${f(hy + next() * 120)} 0.8 0.8 re`);
      out.push('f');
    }
    out.push('Q');
  }
  // Furniture blocks, placed as Form XObjects.
  for (let i = 0; i < 60; i++) out.push(`q 1 0 0 1 ${f(next() * mw)} ${f(next() * mh)} cm /B${i % BLOCKS.length} Do Q`);
  // Dimension strings: line, extension lines, ticks, text.
  out.push('0 0 0 RG 0.18 w');
  for (let i = 0; i < 80; i++) {
    const x = next() * (mw - 200);
    const y = next() * mh;
    const len = 60 + next() * 140;
    out.push(`${f(x)} ${f(y)} m ${f(x + len)} ${f(y)} l ${f(x)} ${f(y - 8)} m ${f(x)} ${f(y + 4)} l ${f(x + len)} ${f(y - 8)} m ${f(x + len)} ${f(y + 4)} l`);
    out.push(`${f(x - 3)} ${f(y - 3)} m ${f(x + 3)} ${f(y + 3)} l ${f(x + len - 3)} ${f(y - 3)} m ${f(x + len + 3)} ${f(y + 3)} l S`);
    const feet = Math.floor(len / 12);
    out.push(`BT /F1 8 Tf 0 g 1 0 0 1 ${f(x + len / 2 - 10)} ${f(y + 3)} Tm (${feet}'-${Math.floor(len % 12)}") Tj ET`);
  }
  // Room tags.
  for (let i = 0; i < 20; i++)
    out.push(
      `BT /F2 9 Tf 0 g 1 0 0 1 ${f(next() * mw)} ${f(next() * mh)} Tm (ROOM ${100 + i}) Tj /F1 7 Tf 0 -10 Td (${Math.floor(80 + next() * 300)} SF) Tj ET`,
    );
  out.push('Q Q');
}

/** A revision cloud of `r` points radius at (cx, cy): arcs bulging outwards, a delta with its number. */
function cloud(cx: number, cy: number, r: number, width: number): string {
  const parts = [`q 1 0 0 RG ${width} w 1 J 1 j`];
  const arcs = 22;
  for (let i = 0; i < arcs; i++) {
    const a0 = (i / arcs) * 2 * Math.PI;
    const a1 = ((i + 1) / arcs) * 2 * Math.PI;
    const am = (a0 + a1) / 2;
    const [x0, y0] = [cx + r * Math.cos(a0), cy + 0.6 * r * Math.sin(a0)];
    const [x1, y1] = [cx + r * Math.cos(a1), cy + 0.6 * r * Math.sin(a1)];
    const bulge = r * 0.28;
    const [bx, by] = [cx + (r + bulge) * Math.cos(am), cy + 0.6 * (r + bulge) * Math.sin(am)];
    parts.push(`${i === 0 ? `${f(x0)} ${f(y0)} m ` : ''}${f(bx)} ${f(by)} ${f(bx)} ${f(by)} ${f(x1)} ${f(y1)} c`);
  }
  parts.push('S');
  const [dx, dy] = [cx + r + 20, cy + 0.6 * r];
  parts.push(`${f(dx)} ${f(dy)} m ${f(dx + 16)} ${f(dy)} l ${f(dx + 8)} ${f(dy + 14)} l h S`);
  parts.push(`BT /F1 7 Tf 1 0 0 rg 1 0 0 1 ${f(dx + 5.5)} ${f(dy + 3)} Tm (2) Tj ET Q`);
  return parts.join('\n');
}

/**
 * The line a revision adds: 0.5 pt black, 1" long, in the open paper between the plan and the
 * sections viewports (12.5" from the left, 17.25" from the top).
 */
const ADDED_LINE = 'q 0 0 0 RG 0.5 w 0 J 900 486 m 972 486 l S Q';

/** The content stream of sheet `n` (1-based), with the revision's added line when `added`. */
function sheetContent(n: number, scanned: boolean, added: boolean): string {
  const next = random(n * 7919);
  const out: string[] = [];
  // Border and title block, as plotted: black, then grey dividers.
  out.push('0 0 0 RG 1.4 w 36 36 2520 1656 re S');
  out.push(`0.7 w ${W - 396} 36 m ${W - 396} ${H - 36} l S`);
  for (let y = 100; y < H - 36; y += 72) out.push(`0.35 w ${W - 396} ${y} m ${W - 36} ${y} l S`);
  // Three viewports: the plan, an enlarged plan and sections.
  viewport(out, next, [72, 500, 1700, 1160], WALLS, scanned ? 'Scan' : null);
  viewport(out, next, [1800, 900, 340, 760], Math.round(WALLS * 0.35), null);
  viewport(out, next, [72, 72, 2070, 400], Math.round(WALLS * 0.35), null);
  // General notes in the title block's column.
  out.push('BT /F2 9 Tf 0 g 1 0 0 1 2220 1620 Tm (GENERAL NOTES) Tj ET');
  for (let i = 0; i < 140; i++) {
    const text = [
      `${i + 1}. PROVIDE 5/8" TYPE X GYP. BD. EACH SIDE OF RATED PARTITIONS`,
      `${i + 1}. VERIFY ALL DIMENSIONS IN FIELD BEFORE FABRICATION`,
      `${i + 1}. SEAL PENETRATIONS PER UL SYSTEM W-L-1054, SEE SPECS`,
      `${i + 1}. ALIGN FINISH FACE OF NEW WALL WITH EXISTING`,
    ][i % 4];
    out.push(`BT /F1 ${i % 3 ? 6 : 7} Tf 0 g 1 0 0 1 ${f(2210 + (i % 2) * 0)} ${f(1600 - i * 7.5)} Tm (${text.slice(0, 44)}) Tj ET`);
  }
  // Title block: firm, project, sheet title and number.
  out.push(`BT /F2 14 Tf 0 g 1 0 0 1 ${W - 380} 200 Tm (FLOOR PLAN - LEVEL ${n}) Tj ET`);
  out.push(`BT /F1 8 Tf 0 g 1 0 0 1 ${W - 380} 130 Tm (SCALE: 1/8" = 1'-0") Tj 0 -10 Td (SHEET NO.) Tj ET`);
  out.push(`BT /F2 40 Tf 0 g 1 0 0 1 ${W - 200} 60 Tm (A-${100 + n}) Tj ET`);
  out.push(`BT /F1 8 Tf 0 g 1 0 0 1 ${W - 380} 300 Tm (HARBOR VIEW MEDICAL OFFICE BUILDING) Tj 0 -10 Td (1200 WATERFRONT DRIVE) Tj ET`);
  if (CLOUDED.includes(n)) out.push(cloud(300 + ((n * 97) % 1200), 700 + ((n * 53) % 700), 162, n % 2 ? 0.6 : 0.5));
  if (BLUE_TEXT.includes(n)) out.push(`BT /F1 6 Tf 0 0 1 rg 1 0 0 1 ${f(400 + n * 20)} 560 Tm (REVISED PER RFI 12 - SEE ADDENDUM 2) Tj ET`);
  if (added) out.push(ADDED_LINE);
  return out.join('\n');
}

/**
 * Makes the set: every sheet as above, its streams compressed; or only sheets `from`..`from + count - 1`
 * (one sheet a file, as Revit exports a set). `added` names the sheets that carry a revision's added
 * line (none by default, so the default set is the same bytes it always was).
 */
export function makeDenseSet({
  from = 1,
  count = DENSE_SHEETS,
  added = () => false,
}: { from?: number; count?: number; added?: (sheet: number) => boolean } = {}): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Helvetica')), F2: doc.addSimpleFont(new mupdf.Font('Helvetica-Bold')) };
    const blocks = Object.fromEntries(
      BLOCKS.map((content, i) => [
        `B${i}`,
        doc.addStream(`0 0 0 RG 0.25 w ${content}`, { Type: 'XObject', Subtype: 'Form', BBox: [-2, -2, 62, 52], Resources: {} }),
      ]),
    );
    const scans = new Map<number, mupdf.PDFObject>();
    for (const n of SCANNED.filter((n) => n >= from && n < from + count)) {
      // 1700 x 1160 points at 150 dpi.
      const image = new mupdf.Image(scan(3542, 2417, n === RGB_SCAN, n));
      scans.set(n, doc.addImage(image));
      image.destroy();
    }
    for (let n = from; n < from + count; n++) {
      const scanned = scans.get(n);
      const resources = doc.addObject({ Font: fonts, XObject: { ...blocks, ...(scanned ? { Scan: scanned } : {}) } });
      doc.insertPage(-1, doc.addPage([0, 0, W, H], 0, resources, sheetContent(n, Boolean(scanned), added(n))));
    }
    return doc.saveToBuffer('compress,garbage').asUint8Array().slice();
  } finally {
    doc.destroy();
  }
}

/** Path construction, painting and clipping operators. */
const PATH_OPERATORS = new Set(['m', 'l', 'c', 'v', 'y', 're', 'h', 'S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'n', 'W', 'W*']);

/** Path operators in a content stream (strings skipped), and how many Form XObjects it draws. */
function countOperators(stream: string): { path: number; forms: number } {
  let path = 0;
  let forms = 0;
  for (const token of stream.replace(/\((?:\\.|[^\\)])*\)/g, ' ').split(/\s+/)) {
    if (PATH_OPERATORS.has(token)) path++;
    else if (token === 'Do') forms++;
  }
  return { path, forms };
}

/**
 * For each sheet of `file`: path operators in its content stream, and those its Form XObjects
 * (blocks) add as they are drawn; whether it places an image.
 */
export function countSheetOperators(bytes: Uint8Array): { pathOperators: number; inBlocks: number; images: number }[] {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf') as mupdf.PDFDocument;
  try {
    const sheets: { pathOperators: number; inBlocks: number; images: number }[] = [];
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.findPage(i);
      const stream = page.get('Contents').readStream().asString();
      const { path } = countOperators(stream);
      const xobjects = page.get('Resources').get('XObject');
      let inBlocks = 0;
      let images = 0;
      xobjects.forEach((value, key) => {
        const uses = stream.split(`/${key} Do`).length - 1;
        if (value.get('Subtype').asName() === 'Image') images += uses;
        else inBlocks += uses * countOperators(value.readStream().asString()).path;
      });
      sheets.push({ pathOperators: path, inBlocks, images });
    }
    return sheets;
  } finally {
    doc.destroy();
  }
}
