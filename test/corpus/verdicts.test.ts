/**
 * The words of a rejection, for every page-box defect, every way a file can be cut short and every
 * broken catalog the generator knows: each is measured by the real analyser (MuPDF in its child
 * process) and must be told what is actually wrong: "the file is incomplete", "a page has no size",
 * "not a real page size", "damaged", never a made-up 8.5" x 11" sheet, a 17-digit size, or "no
 * pages" for a file whose page tree is broken.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzePdf, stopSpareAnalyzer } from '#core/services/pdf/analyze';
import { unreadableVerdict } from '#shared/sheets';
import { onePage, pdfkit, raw } from './generate';
import { tempDirForFile } from '../helpers/tempDir';

const PT = 72;
const D = `[0 0 ${36 * PT} ${24 * PT}]`;

/** Every kind of MediaBox that gives a page no usable size. */
const NO_SIZE_BOXES: [string, string | null][] = [
  ['missing', null],
  ['all zeros', '[0 0 0 0]'],
  ['zero width', `[0 0 0 ${24 * PT}]`],
  ['zero height', `[0 0 ${36 * PT} 0]`],
  ['names instead of numbers', '[/a /b /c /d]'],
  ['NaN', '[0 0 NaN NaN]'],
  ['three numbers', `[0 0 ${36 * PT}]`],
  ['an empty array', '[]'],
  ['a number', '5'],
  ['a string', '(24x36)'],
  ['a dictionary', '<< /W 2592 /H 1728 >>'],
  ['null', 'null'],
  ['a strings array', '[(0) (0) (2592) (1728)]'],
  ['exponent notation', '[0 0 1e30 1e30]'],
];

/** MediaBoxes too large to be a sheet of paper. */
const UNREAL_BOXES: [string, string, string][] = [
  ['1e30 in digits', `[0 0 1${'0'.repeat(30)} 1${'0'.repeat(30)}]`, ''],
  ['24x36 with /UserUnit 75000', D, '/UserUnit 75000'],
  ['a kilometre long', `[0 0 ${39_370 * PT} ${24 * PT}]`, ''],
];

type Case = { name: string; bytes: () => Buffer | Promise<Buffer>; expect: RegExp };

/** One page, page 2 of 3, or inherited from /Pages by every page. */
function placements(label: string, mediaBox: string | null, extra = ''): { name: string; bytes: () => Buffer }[] {
  const entry = mediaBox === null ? '' : `/MediaBox ${mediaBox}`;
  const good = `/MediaBox ${D}`;
  return [
    { name: `${label} (only page)`, bytes: () => onePage(`${entry} ${extra}`) },
    {
      name: `${label} (page 2 of 3)`,
      bytes: () =>
        raw([
          '<< /Type /Catalog /Pages 2 0 R >>',
          '<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>',
          `<< /Type /Page /Parent 2 0 R ${good} >>`,
          `<< /Type /Page /Parent 2 0 R ${entry} ${extra} >>`,
          `<< /Type /Page /Parent 2 0 R ${good} >>`,
        ]),
    },
    {
      name: `${label} (inherited from /Pages)`,
      bytes: () => raw(['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 ${entry} ${extra} >>`, '<< /Type /Page /Parent 2 0 R >>', '<< /Type /Page /Parent 2 0 R >>']),
    },
  ];
}

const INCOMPLETE = /incomplete/i;
const NO_SIZE = /has no size/i;
const NOT_REAL = /not a real page size/i;
const DAMAGED = /damaged/i;

const CASES: Case[] = [
  ...NO_SIZE_BOXES.flatMap(([label, box]) => placements(`MediaBox ${label}`, box).map((c) => ({ ...c, expect: NO_SIZE }))),
  ...UNREAL_BOXES.flatMap(([label, box, extra]) =>
    placements(`MediaBox ${label}`, box, extra)
      // /UserUnit is not inheritable (PDF 32000 table 30): on /Pages it changes nothing.
      .filter((c) => !(extra && c.name.includes('inherited')))
      .map((c) => ({ ...c, expect: NOT_REAL })),
  ),
  // A drawing set cut short at every point: the end marker is gone.
  ...[0.1, 0.25, 0.5, 0.75, 0.9, 0.99].map((fraction) => ({
    name: `a 24x36 set cut at ${fraction * 100}%`,
    bytes: async () => {
      const full = await pdfkit([[36 * PT, 24 * PT], [36 * PT, 24 * PT], [42 * PT, 30 * PT]]);
      return full.subarray(0, Math.floor(full.length * fraction));
    },
    expect: INCOMPLETE,
  })),
  {
    name: 'a set cut inside its first object',
    bytes: async () => (await pdfkit([[36 * PT, 24 * PT]])).subarray(0, 40),
    expect: DAMAGED,
  },
  {
    name: 'a raw set missing its last 20 bytes',
    bytes: () => {
      const full = onePage(`/MediaBox ${D}`);
      return full.subarray(0, full.length - 20);
    },
    expect: INCOMPLETE,
  },
  // Complete files whose catalog or xref is broken: damaged, not "no pages".
  { name: '/Root points nowhere', bytes: () => onePage(`/MediaBox ${D}`, [], { root: '99 0 R' }), expect: DAMAGED },
  { name: '/Pages is a string', bytes: () => raw(['<< /Type /Catalog /Pages (not a page tree) >>']), expect: DAMAGED },
  { name: '/Pages refers to itself', bytes: () => raw(['<< /Type /Catalog /Pages 2 0 R >>', '2 0 R']), expect: DAMAGED },
  { name: 'no catalog object, no xref', bytes: () => raw(['<< /Type /Pages /Kids [] /Count 0 >>'], { xref: 'none', root: '5 0 R' }), expect: DAMAGED },
  { name: 'xref shifted and /Root missing', bytes: () => onePage(`/MediaBox ${D}`, [], { xref: 'shifted', root: '42 0 R' }), expect: DAMAGED },
];

let dir: string;
tempDirForFile('bp-verdicts-', (d) => (dir = d));
afterAll(() => {
  stopSpareAnalyzer();
});

describe('rejections say what is wrong', () => {
  it(`for ${CASES.length} generated defects`, { timeout: 240_000 }, async () => {
    const wrong: string[] = [];
    for (let i = 0; i < CASES.length; i += 2) {
      await Promise.all(
        CASES.slice(i, i + 2).map(async (c, j) => {
          const file = path.join(dir, `${i + j}.pdf`);
          fs.writeFileSync(file, await c.bytes());
          const previewDir = fs.mkdtempSync(path.join(dir, 'p-'));
          const { verdict } = await analyzePdf(file, { previewDir, timeoutMs: 30_000 });
          const message = verdict.message ?? '';
          if (verdict.status !== 'rejected') wrong.push(`${c.name}: ${verdict.status} ${verdict.actualSize}`);
          else if (!c.expect.test(message)) wrong.push(`${c.name}: "${message}" does not match ${c.expect}`);
          // Never a made-up Letter page, a size of six or more digits, or "no pages" for a broken file.
          if (/8\.5" x 11"/.test(message) || /\d{6,}/.test(message.replace(/,/g, '')) || /no pages/i.test(message)) wrong.push(`${c.name}: misleading "${message}"`);
        }),
      );
    }
    expect(wrong).toEqual([]);
  });

  it('still calls a truly empty page tree "no pages" and a letter page 8.5" x 11"', async () => {
    const empty = path.join(dir, 'empty.pdf');
    fs.writeFileSync(empty, raw(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']));
    expect((await analyzePdf(empty, { previewDir: dir })).verdict.message).toMatch(/no pages/);
    const letter = path.join(dir, 'letter.pdf');
    fs.writeFileSync(letter, await pdfkit([[8.5 * PT, 11 * PT]]));
    expect((await analyzePdf(letter, { previewDir: dir })).verdict.message).toMatch(/8\.5" x 11"/);
  });

  it('an analysis that crashed on every attempt asks to try again, and does not call the file damaged', () => {
    const { message } = unreadableVerdict('crashed');
    expect(message).toMatch(/could not finish reading/i);
    expect(message).toMatch(/try again/i);
    expect(message).not.toMatch(/damaged/i);
  });
});
