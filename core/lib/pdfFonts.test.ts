/** Which font draws which text: the split every document relies on to print a name in any script. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as fontkit from 'fontkit';
import { fontBytes, fontFilePath, fontScriptOf, textRuns } from './pdfFonts';

describe('textRuns', () => {
  it.each([
    ['Smith Residence', [['standard', 'Smith Residence']]],
    [
      '王 Smith Résidence 図面 планы №7',
      [
        ['cjk', '王'],
        ['standard', ' Smith Résidence '],
        ['cjk', '図面'],
        ['standard', ' '],
        ['latin', 'планы №'],
        ['standard', '7'],
      ],
    ],
    ['Ζωή Παπαδοπούλου', [['latin', 'Ζωή Παπαδοπούλου']]],
    // An ASCII digit among kanji is Helvetica's; a fullwidth one the CJK font's.
    [
      '設計図（改訂2）',
      [
        ['cjk', '設計図（改訂'],
        ['standard', '2'],
        ['cjk', '）'],
      ],
    ],
    ['改訂２', [['cjk', '改訂２']]],
    ['ひらがな・カタカナ', [['cjk', 'ひらがな・カタカナ']]],
    [
      'See → sheet ①',
      [
        ['standard', 'See '],
        ['cjk', '→'],
        ['standard', ' sheet '],
        ['cjk', '①'],
      ],
    ],
    // A combining mark stays with the character it sits on.
    [
      'か\u3099 e\u0301',
      [
        ['cjk', 'か\u3099'],
        ['standard', ' e\u0301'],
      ],
    ],
    ['', []],
  ])('%j', (text, expected) => {
    const runs = textRuns(text);
    expect(runs.map((r) => [r.script, r.text])).toEqual(expected);
    expect(runs.map((r) => r.text).join('')).toBe(text);
  });

  it('draws WinAnsi with the built-in Helvetica, and the rest of Latin, Greek, Cyrillic and the signs with Noto Sans', () => {
    for (const char of 'AzÉßø€£½“”–—…•°±×©') expect(fontScriptOf(char)).toBe('standard');
    for (const char of 'ŁğőΩωЖя№') expect(fontScriptOf(char)).toBe('latin');
    for (const char of '王図面设计あア、。（）→≤①★') expect(fontScriptOf(char)).toBe('cjk');
    for (const char of '한국도면') expect(fontScriptOf(char)).toBe('kr');
  });
});

describe('font files', () => {
  it('finds every face in its package and reads it once', () => {
    for (const script of ['latin', 'cjk', 'kr'] as const) {
      for (const weight of ['regular', 'bold'] as const) {
        expect(fs.existsSync(fontFilePath(script, weight))).toBe(true);
        expect(fontBytes(script, weight)).toBe(fontBytes(script, weight));
      }
    }
  });

  it('has a glyph for every character it is given to draw', () => {
    const open = (bytes: Buffer) => {
      const font = fontkit.create(bytes);
      if (!('hasGlyphForCodePoint' in font)) throw new Error('a font collection');
      return font;
    };
    const latin = open(fontBytes('latin', 'regular'));
    const cjk = open(fontBytes('cjk', 'regular'));
    const kr = open(fontBytes('kr', 'regular'));
    const sample = '王 Smith Résidence 図面 планы №7 Ζωή Łódź Gödöllő İstanbul 设计图 ひらがな カタカナ → ① ★ ≤ （改）€½ 서울 설계도면';
    for (const run of textRuns(sample)) {
      if (run.script === 'standard') continue; // Helvetica: WinAnsi, checked by the table above
      const font = run.script === 'latin' ? latin : run.script === 'kr' ? kr : cjk;
      for (const char of run.text) expect(font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0), `${run.script}: ${char}`).toBe(true);
    }
  });
});
