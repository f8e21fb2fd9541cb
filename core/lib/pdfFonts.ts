/**
 * The fonts every PDF the shop draws embeds (receipts, job tickets, built-in labels), so a customer's
 * name prints as typed in any script the shop meets: Noto Sans for Latin, Greek, Cyrillic and the
 * common signs (№, €, ½, “ ”), and Noto Sans CJK (simplified Chinese build, which also holds the
 * Japanese kana and kanji such as 図) for Chinese and Japanese and the symbols Noto Sans lacks
 * (arrows, ①, ★, fullwidth forms). Both come from npm packages that ship the OTF/TTF files, so the
 * runtime image installs them with the other dependencies; PDFKit subsets what a document uses, so
 * a receipt stays tens of kilobytes. Korean (Hangul) has its own face, Noto Sans KR.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Which font draws a piece of text: `standard` is PDF's built-in Helvetica, for what its WinAnsi
 * encoding holds (most receipts hold nothing else); `latin` and `cjk` are the embedded Noto faces.
 * The built-in font costs nothing to use, while each embedded face costs a document about 40 ms the
 * first time it lays out text (fontkit reads its tables), which kept the paid-order pipeline (a
 * receipt per order) at a seventh of its speed when every document embedded Noto Sans.
 */
export type FontScript = 'standard' | 'latin' | 'cjk' | 'kr';
/** The two embedded fonts. */
export type EmbeddedScript = Exclude<FontScript, 'standard'>;
/** The two weights the documents use. */
export type FontWeight = 'regular' | 'bold';

/** The font files inside their packages (each package ships every weight in `fonts/`). */
const FONT_FILES: Record<EmbeddedScript, { pkg: string; files: Record<FontWeight, string> }> = {
  latin: { pkg: '@embedpdf/fonts-latin', files: { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' } },
  cjk: { pkg: '@embedpdf/fonts-sc', files: { regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' } },
  kr: { pkg: '@embedpdf/fonts-kr', files: { regular: 'NotoSansKR-Regular.otf', bold: 'NotoSansKR-Bold.otf' } },
};

// Resolved from this module's own URL: from source that is core/lib, from the build it is a
// chunk in dist/server; either way node_modules is found above it. The packages export only their
// index, so their folder is found from it.
const requireFromHere = createRequire(import.meta.url);

/** The absolute path of one font file. */
export function fontFilePath(script: EmbeddedScript, weight: FontWeight): string {
  const { pkg, files } = FONT_FILES[script];
  const root = path.dirname(path.dirname(requireFromHere.resolve(pkg)));
  return path.join(root, 'fonts', files[weight]);
}

const loaded = new Map<string, Buffer>();

/**
 * The bytes of one face, read once per process and only when a document first needs it (the CJK
 * faces are 8 MB each: a shop that never prints a kanji never reads them). Each document parses
 * them anew (PDFKit does, from the bytes): a parsed font shared between documents keeps glyphs
 * first met as parts of other glyphs (Z inside Greek Ζ) without their characters, and the next
 * document's text would then copy and search without them.
 */
export function fontBytes(script: EmbeddedScript, weight: FontWeight): Buffer {
  const key = `${script}-${weight}`;
  let bytes = loaded.get(key);
  if (!bytes) {
    bytes = fs.readFileSync(fontFilePath(script, weight));
    loaded.set(key, bytes);
  }
  return bytes;
}

/**
 * What Noto Sans cannot draw and Noto Sans CJK can: the Han, kana and Bopomofo scripts, CJK
 * punctuation and fullwidth forms, and the symbol blocks Noto Sans leaves out (number forms such as
 * Ⅱ, arrows, mathematical operators, enclosed numbers, box drawing, shapes, miscellaneous symbols
 * and dingbats). Everything else, spaces and digits included, stays with Noto Sans.
 */
const CJK_FONT_TEXT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\p{Script=Hangul}\u2150-\u218f\u2190-\u23ff\u2460-\u27bf\u2e80-\u2fff\u3000-\u303f\u309b-\u309f\u30fb-\u30ff\u3190-\u33ff\ufe30-\ufe4f\uff00-\uffef]/u;

const COMBINING_MARK = /^\p{M}$/u;
/** Hangul, which the simplified-Chinese build lacks: Noto Sans KR draws it. */
const HANGUL = /\p{Script=Hangul}/u;

/** The printable characters of WinAnsi (Windows-1252), which the built-in Helvetica draws. */
const WIN_ANSI = new Set([
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => String.fromCharCode(0xa0 + i)),
  ...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ',
]);

/** The built-in fonts PDFKit draws `standard` text with. */
export const STANDARD_FONTS: Record<FontWeight, string> = { regular: 'Helvetica', bold: 'Helvetica-Bold' };

/** Which font draws one character. */
export function fontScriptOf(char: string): FontScript {
  if (HANGUL.test(char)) return 'kr';
  if (CJK_FONT_TEXT.test(char)) return 'cjk';
  return WIN_ANSI.has(char) ? 'standard' : 'latin';
}

/** A piece of text drawn with one font. */
export type TextRun = { script: FontScript; text: string };

/**
 * Splits text into runs that one font draws each, in order: `王 Smith 図面 №7` → `王` (cjk),
 * ` Smith ` (standard), `図面` (cjk), ` ` (standard), `№ ` (latin)… Joined back, the runs are the text.
 */
export function textRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    // A combining mark (the dakuten of か, an accent typed apart) is drawn by its base's font; a
    // space between two Greek words stays in their font rather than cutting the run in three.
    const script = last && (COMBINING_MARK.test(char) || (char === ' ' && last.script !== 'cjk' && last.script !== 'kr')) ? last.script : fontScriptOf(char);
    if (last && last.script === script) last.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}
