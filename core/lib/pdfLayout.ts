/**
 * Text on the shop's PDFs: every string is drawn run by run in the font that has its glyphs
 * (pdfFonts.ts) and wrapped here rather than by PDFKit, because PDFKit wraps one font at a time and
 * cannot say where a block will end or what did not fit. Lines are placed on a common baseline so a
 * kanji beside a Latin word sits on the same line.
 */
import { fontBytes, STANDARD_FONTS, textRuns, type FontScript, type FontWeight } from './pdfFonts';
import { withoutInvisibleControls } from '#shared/fields';

// PDFKit's document type, named here rather than imported from pdfDocument.ts, which imports this.
type Pdf = PDFKit.PDFDocument;

/** How one block of text is set. */
export type TextStyle = {
  /** Font size in points. */
  size: number;
  bold?: boolean;
};

/** Where and how wide a block is drawn. */
export type BlockOptions = TextStyle & {
  /** Wrap to this width (points); without it, only line breaks in the text start new lines. */
  width?: number;
  align?: 'left' | 'right' | 'center';
  /** At most this many lines; the last one shown ends in "…" when text was left out. */
  maxLines?: number;
};

/** Line height as a multiple of the font size: room for accents above capitals and CJK glyphs. */
const LINE_HEIGHT = 1.3;
/** The baseline's distance below a line's top, as a multiple of the font size. */
const BASELINE = 0.85;

/** The height of one line of text at `size` points. */
export function lineHeight(size: number): number {
  return size * LINE_HEIGHT;
}

const registered = new WeakMap<Pdf, Set<string>>();

/** Makes `script`'s face of `weight` the document's current font (registered on first use). */
export function useFont(doc: Pdf, script: FontScript, weight: FontWeight, size?: number): Pdf {
  if (script === 'standard') {
    doc.font(STANDARD_FONTS[weight]);
    if (size !== undefined) doc.fontSize(size);
    return doc;
  }
  const name = `${script}-${weight}`;
  let names = registered.get(doc);
  if (!names) {
    names = new Set();
    registered.set(doc, names);
  }
  if (!names.has(name)) {
    doc.registerFont(name, fontBytes(script, weight));
    names.add(name);
  }
  doc.font(name);
  if (size !== undefined) doc.fontSize(size);
  return doc;
}

const weightOf = (style: TextStyle): FontWeight => (style.bold ? 'bold' : 'regular');

/** The width of one line of text (no line breaks) in the given style. */
export function textWidth(doc: Pdf, text: string, style: TextStyle): number {
  let width = 0;
  for (const run of textRuns(text)) width += useFont(doc, run.script, weightOf(style), style.size).widthOfString(run.text);
  return width;
}

// A word, a run of spaces, or one CJK character or symbol (a line may break before and after each).
const PIECES = /\s+|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]+|./gsu;

/**
 * Breaks text into the lines it takes at `width` points: at the text's own line breaks, between
 * words, between CJK characters, and inside a word too long for a line of its own.
 */
export function wrapLines(doc: Pdf, text: string, width: number, style: TextStyle): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = '';
    let lineWidth = 0;
    const push = () => {
      lines.push(line.trimEnd());
      line = '';
      lineWidth = 0;
    };
    for (const piece of paragraph.match(PIECES) ?? []) {
      const isSpace = /^\s+$/.test(piece);
      if (isSpace && line === '') continue;
      const pieceWidth = textWidth(doc, piece, style);
      if (lineWidth + pieceWidth <= width || (isSpace && line !== '')) {
        line += piece;
        lineWidth += pieceWidth;
        continue;
      }
      if (line.trim() !== '') push();
      if (pieceWidth <= width) {
        line = piece;
        lineWidth = pieceWidth;
        continue;
      }
      // Too wide for any line: break it between characters.
      for (const char of piece) {
        const charWidth = textWidth(doc, char, style);
        if (line !== '' && lineWidth + charWidth > width) push();
        line += char;
        lineWidth += charWidth;
      }
    }
    push();
  }
  return lines;
}

/** Shortens a line with "…" until it fits `width`. */
function withEllipsis(doc: Pdf, line: string, width: number, style: TextStyle): string {
  const chars = Array.from(line.trimEnd());
  while (chars.length > 0 && textWidth(doc, `${chars.join('')}…`, style) > width) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/**
 * The lines a block takes: wrapped to its width, cut to `maxLines` with "…". Direction overrides and
 * zero-width characters are left out: the fields drop them on the way in, but rows stored before
 * that still hold them, and the fonts have no glyph for them.
 */
export function layoutLines(doc: Pdf, value: string, options: BlockOptions): string[] {
  const text = withoutInvisibleControls(value);
  const lines = options.width === undefined ? text.split(/\r\n|\r|\n/) : wrapLines(doc, text, options.width, options);
  if (options.maxLines === undefined || lines.length <= options.maxLines) return lines;
  const kept = lines.slice(0, Math.max(1, options.maxLines));
  const last = kept.length - 1;
  kept[last] = options.width === undefined ? `${kept[last]}…` : withEllipsis(doc, kept[last], options.width, options);
  return kept;
}

/** Draws one line whose top is at `y`, each run in its own font, on one baseline. */
export function drawLine(doc: Pdf, line: string, x: number, y: number, options: BlockOptions): void {
  let left = x;
  if (options.width !== undefined && options.align && options.align !== 'left') {
    const free = options.width - textWidth(doc, line, options);
    left += options.align === 'right' ? free : free / 2;
  }
  const baseline = y + options.size * BASELINE;
  for (const run of textRuns(line)) {
    useFont(doc, run.script, weightOf(options), options.size);
    doc.text(run.text, left, baseline, { lineBreak: false, baseline: 'alphabetic' });
    left += doc.widthOfString(run.text);
  }
}

/** Draws a block of lines from top `y`; returns the y just below its last line. */
export function drawLines(doc: Pdf, lines: string[], x: number, y: number, options: BlockOptions): number {
  let top = y;
  for (const line of lines) {
    if (line !== '') drawLine(doc, line, x, top, options);
    top += lineHeight(options.size);
  }
  return top;
}

/**
 * Draws text at (x, y), top-left, in whatever scripts it holds, wrapped to `width` when given;
 * returns the y just below its last line, where the next block can start.
 */
export function drawText(doc: Pdf, text: string, x: number, y: number, options: BlockOptions): number {
  return drawLines(doc, layoutLines(doc, text, options), x, y, options);
}

/** The height a block of text would take, without drawing it. */
export function heightOfText(doc: Pdf, text: string, options: BlockOptions): number {
  return layoutLines(doc, text, options).length * lineHeight(options.size);
}
