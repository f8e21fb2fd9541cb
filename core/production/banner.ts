/**
 * The banner page that opens every batch: which order, whose package, which sheets and sets, when it
 * is due, what to do to the sets after printing, the order number as a Code 128 barcode (bwip-js, as
 * labels and tickets draw it) and a 10" scale check bar with inch and centimetre ticks. Written as a PDF content stream on the batch's own
 * paper, with the standard Helvetica: the page is never scaled, so the bar is 10" on every paper.
 */
import { code128Modules } from '../services/labels/code128';

/** What the banner says. */
export type BannerFacts = {
  orderNumber: string;
  recipient: string;
  jobName: string | null;
  /** `2 sets + 1 half-size set` or this batch's `1 half-size set at 50%`. */
  setsText: string;
  sheetsText: string;
  paperText: string;
  /** What to do after printing, one step a line (finishingSteps): `No finishing` when nothing. */
  finishing: string[];
  dueText: string;
  batchText: string;
  /** A reduced set's batch: its sheets are fit to the paper, not to scale (the banner itself is at 100%). */
  notToScale?: boolean;
};

/** What a reduced set's banner says under its order number. */
export const NOT_TO_SCALE_NOTICE = 'REDUCED SETS — NOT TO SCALE: every sheet is fit to 11" x 17". Do not measure from them.';

/** The scale bar's length: ten inches in points. */
export const SCALE_BAR_POINTS = 720;
/** How tall the bar is (the test finds it by this). */
export const SCALE_BAR_HEIGHT = 14.4;

const fmt = (n: number) => String(Number(n.toFixed(3)));

/** A string in the simple font's Latin encoding, as a PDF hex string; what it cannot hold becomes `?`. */
export function latinHex(text: string): string {
  let hex = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 63;
    const byte = code === 0x2013 ? 0x96 : code === 0x2014 ? 0x97 : code === 0x2019 ? 0x92 : code === 0x2026 ? 0x85 : code >= 32 && code <= 255 ? code : 63;
    hex += byte.toString(16).padStart(2, '0');
  }
  return `<${hex}>`;
}

/** Cuts `text` to what fits `width` at `size` (Helvetica averages a little over half an em a character). */
function fit(text: string, size: number, width: number): string {
  const max = Math.max(4, Math.floor(width / (size * 0.56)));
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Breaks `text` at spaces into lines that fit `width` at `size` (a word longer than a line is cut by fit). */
function wrap(text: string, size: number, width: number): string[] {
  const max = Math.max(4, Math.floor(width / (size * 0.56)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** The banner's content stream for a page of `W` x `H` points (fonts F1 Helvetica, F2 Helvetica-Bold). */
export function bannerContent(facts: BannerFacts, W: number, H: number): string {
  const margin = 54;
  const width = W - 2 * margin;
  const base = Math.max(12, Math.min(36, W / 40));
  const ops: string[] = [];
  // A label of the scale bar may reach into the right margin; everything else stays inside it.
  const text = (x: number, y: number, size: number, bold: boolean, value: string, room = W - margin - x) =>
    ops.push(`BT /${bold ? 'F2' : 'F1'} ${fmt(size)} Tf ${fmt(x)} ${fmt(y)} Td ${latinHex(fit(value, size, room))} Tj ET`);

  let y = H - margin - base * 2;
  text(margin, y, base * 2, true, `Order ${facts.orderNumber}`);
  text(margin, y - base * 1.4, base * 0.8, false, facts.batchText);
  if (facts.notToScale) {
    y -= base * 1.4;
    for (const line of wrap(NOT_TO_SCALE_NOTICE, base * 0.8, width)) text(margin, (y -= base * 1.1), base * 0.8, true, line);
  }

  // The barcode: Code 128 of the order number, left-aligned under it.
  const modules = code128Modules(facts.orderNumber);
  const total = modules.reduce((a, b) => a + b, 0);
  const unit = Math.min(3, width / total);
  const barHeight = base * 3;
  y -= base * 2 + barHeight;
  let x = margin;
  ops.push('0 g');
  modules.forEach((w, i) => {
    if (i % 2 === 0) ops.push(`${fmt(x)} ${fmt(y)} ${fmt(w * unit)} ${fmt(barHeight)} re f`);
    x += w * unit;
  });

  const lines: [string, string[]][] = [
    ['Recipient', [facts.recipient]],
    ['Job', [facts.jobName ?? '—']],
    ['Sets', [facts.setsText]],
    ['Sheets', [facts.sheetsText]],
    ['Paper', [facts.paperText]],
    ['Finishing', facts.finishing.length > 0 ? facts.finishing : ['No finishing']],
    ['Ready by', [facts.dueText]],
  ];
  y -= base * 2;
  for (const [label, values] of lines) {
    text(margin, y, base * 0.7, false, label.toUpperCase());
    y -= base * 1.2;
    // Finishing's steps are sentences, set a little smaller; a value too long for a line wraps.
    const size = label === 'Finishing' ? base * 0.8 : base;
    for (const [i, line] of values.flatMap((v) => wrap(v, size, width)).entries()) {
      if (i > 0) y -= size * 1.25;
      text(margin, y, size, true, line);
    }
    y -= base * 1.6;
  }

  // The scale check: a 10" bar, inch ticks and numbers above it, centimetre ticks below.
  const x0 = (W - SCALE_BAR_POINTS) / 2;
  const barY = margin + base * 3;
  const small = Math.max(9, base * 0.55);
  ops.push('0 g', `${fmt(x0)} ${fmt(barY)} ${SCALE_BAR_POINTS} ${SCALE_BAR_HEIGHT} re f`, '0 G 1 w');
  for (let inch = 0; inch <= 10; inch++) {
    const tx = x0 + inch * 72;
    ops.push(`${fmt(tx)} ${fmt(barY + SCALE_BAR_HEIGHT)} m ${fmt(tx)} ${fmt(barY + SCALE_BAR_HEIGHT + 18)} l S`);
    text(tx + 2, barY + SCALE_BAR_HEIGHT + 8, small, false, `${inch}"`, W - tx - 4);
  }
  for (let mm = 0; mm <= 254; mm += 10) {
    const tx = x0 + (mm / 25.4) * 72;
    const long = mm % 50 === 0;
    ops.push(`${fmt(tx)} ${fmt(barY)} m ${fmt(tx)} ${fmt(barY - (long ? 14 : 8))} l S`);
    if (long) text(tx + 2, barY - 14 - small, small, false, `${mm / 10} cm`, W - tx - 4);
  }
  const check = facts.notToScale
    ? ['Scale check: this bar measures exactly 10" (25.4 cm) when this banner printed at 100%.', 'The sheets that follow are reduced: not to scale.']
    : ['Scale check: this bar measures exactly 10" (25.4 cm) when the batch printed at 100%.'];
  check.reverse().forEach((line, i) => text(x0, barY + SCALE_BAR_HEIGHT + 30 + i * small * 1.3, small, false, line));
  return ops.join('\n');
}
