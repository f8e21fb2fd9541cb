/**
 * Each sheet of `GET /api/uploads/{id}` says what will not print as it looks, from the content: a
 * sheet of 0.05 pt lines gets `hairline`, a 10% grey drawing `light_gray`, text in a font the file
 * does not embed `missing_font`, lines fine at full size but not at half size a hairline note for
 * half size, and a clean sheet none. Through the real upload route, worker and MuPDF child.
 */
import { expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { printProblemSet } from '#test/helpers/printProblems';

let shop: TestShop;
shopForFile((s) => (shop = s));

it('notes hairlines per printed scale, light grey and fonts not embedded, and nothing on a clean sheet', async () => {
  const client = shop.client();
  const form = new FormData();
  const pdf = await printProblemSet(['hairlines', 'light', 'notEmbedded', 'clean', 'halfOnly']);
  form.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'Problems.pdf');
  const res = await client.request('POST', '/api/upload-pdf', { body: form });
  expect(res.status).toBe(202);
  await shop.runJobs();
  await shop.runJobs();
  const info = (await client.get(`/api/uploads/${res.body.uploadId}`)).body;
  expect(info).toMatchObject({ status: 'ready', sheetsComplete: true });
  const notes = info.sheets.map((s: { printNotes: { kind: string; share: number; printedAt?: string; message: string }[] }) => s.printNotes);
  expect(notes.map((n: { kind: string; printedAt?: string }[]) => n.map((note) => [note.kind, note.printedAt ?? null]))).toEqual([
    [['hairline', 'full']],
    [['light_gray', null]],
    [['missing_font', null]],
    [],
    [['hairline', 'half']],
  ]);
  expect(notes[0][0].message).toBe('Lines thinner than 0.1 pt cover 97% of A-201; they may not print. Re-export with a minimum line weight.');
  expect(notes[1][0].message).toMatch(/^Linework or text lighter than 20% black covers 94% of A-202; black-and-white printers may drop it/);
  expect(notes[2][0].message).toMatch(/^Text in fonts the file does not include \(ArialNarrow\) covers \d+% of the text on A-203/);
  expect(notes[4][0].message).toMatch(/at half size; they may not print\. Re-export with a minimum line weight, or choose Full size only\.$/);
  for (const note of notes.flat()) expect(note.share).toBeGreaterThan(0);
  // They warn; they never block: the set stays ready to order.
  expect(info.warnings).toEqual([]);
}, 120_000);
