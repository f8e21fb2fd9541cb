/**
 * The job ticket prints every name as typed, wraps long values, and keeps its checklist on page 1:
 * notes longer than the room left there continue on page 2, and a ticket has at most two pages.
 */
import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { renderJobTicket, splitNotes } from './jobTicket';
import { orderRowFor } from '#test/helpers/orderRow';
import { pdfPageTexts, renderPngs } from '#test/helpers/pdfPages';
import { readCode128Row } from '#test/helpers/barcode';
import { MAX_ORDER_NOTES, orderNotesField, orderNumberOf } from '#shared/fields';
import { DEFAULT_SHOP } from '#shared/shop';

const NAME = '王 Smith Résidence 図面 планы №7';
const CHECKLIST = ['Printed', 'Checked against the color sheets', 'Trimmed and rolled', 'Ready on the pickup shelf'];

/** The ticket's pages as text, after checking poppler renders each one without complaint. */
async function ticketPages(notes: string | null, extra: Parameters<typeof orderRowFor>[0] = {}): Promise<string[]> {
  const pdf = await renderJobTicket(orderRowFor({ job_name: NAME, notes, ...extra }), DEFAULT_SHOP);
  const pages = await pdfPageTexts(pdf);
  expect(await renderPngs(pdf, 'ticket')).toEqual({ pages: pages.length, stderr: '' });
  return pages;
}

describe('renderJobTicket', () => {
  it('draws the order number as Code 128 bars that a scanner reads back', async () => {
    const order = orderRowFor({ job_name: NAME, rush_order: true });
    const pdf = await renderJobTicket(order, DEFAULT_SHOP);
    // The bars span y 94..148 pt at the right margin, right of RUSH; read across their middle.
    expect(await readCode128Row(pdf, { y: 120, fromX: 250 })).toBe(orderNumberOf(order.id));
  });

  it('prints a job name, customer and address in Latin, Cyrillic, Greek and CJK exactly, on one page', async () => {
    const pages = await ticketPages('Roll 王 Smith’s set first — планы ①', {
      customer_first_name: 'Ζωή',
      customer_last_name: 'Иванова',
      po_number: 'PO №7-図',
      shipping_method: 'shipping',
      shipping_service: 'UPS Ground',
      shipping_address: { street1: '1 Main St 王', street2: null, city: 'Albany', state: 'NY', zipCode: '12207' },
    });
    expect(pages).toHaveLength(1);
    for (const text of [NAME, 'PO №7-図', 'Ζωή Иванова', '1 Main St 王', 'Roll 王 Smith’s set first — планы ①']) expect(pages[0]).toContain(text);
  });

  it("prints when the order was placed and when it is due on the shop's clock, not the server's zone", async () => {
    // 10:30 PM on Tuesday, Nov 24 in New York is already Wednesday in UTC, where the tests run.
    const paid = new Date('2026-11-25T03:30:00Z');
    expect(paid.getDate()).toBe(25);
    const [page] = await ticketPages(null, { created_at: paid, paid_at: paid, ready_by: new Date('2026-11-26T00:00:00Z') });
    expect(page).toContain('Placed Nov 24, 2026, 10:30 PM');
    expect(page).toContain('Wednesday, Nov 25 by 7:00 PM');
  });

  it('wraps a 100-character job name and shows it whole', async () => {
    const jobName = `${NAME} ${'Residence addition '.repeat(4)}`.slice(0, 94) + 'ZZ-END';
    expect(jobName).toHaveLength(100);
    const [page] = await ticketPages(null, { job_name: jobName });
    const lines = page.split('\n').map((l) => l.trim());
    const start = lines.findIndex((l) => l.startsWith('Job name'));
    expect(`${lines[start].replace(/^Job name\s+/, '')} ${lines[start + 1]}`).toBe(jobName);
  });

  it('keeps the checklist on page 1 when 999 characters of line breaks continue on page 2', async () => {
    // A line break after every character: 500 lines, which no two pages hold line by line.
    const notes = orderNotesField.parse(Array.from({ length: 500 }, (_, i) => String(i % 10)).join('\n'));
    expect(notes).toHaveLength(999);
    const pages = await ticketPages(notes);
    expect(pages).toHaveLength(2);
    for (const step of CHECKLIST) {
      expect(pages[0]).toContain(step);
      expect(pages[1]).not.toContain(step);
    }
    expect(pages[0]).toContain('Continued on page 2');
    expect(pages[1]).toContain('notes, continued');
    // Every character of the notes is on one page or the other, its line breaks shown as ¶.
    const digits = pages.join('').match(/(?<=[\s¶])\d(?=\s*(¶|$))/gm) ?? [];
    expect(digits.join('')).toBe(notes?.replace(/\n/g, ''));
  });

  it('keeps notes that fit on page 1, line by line', async () => {
    const pages = await ticketPages('Fold nothing.\nRoll each set separately.\nCall before 5.');
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatch(/Notes\s+Fold nothing\.\n\s+Roll each set separately\.\n\s+Call before 5\./);
    expect(pages[0].indexOf('Call before 5.')).toBeLessThan(pages[0].indexOf('Printed'));
  });

  it('never runs past two pages, whatever the notes', async () => {
    const longest = [
      'x'.repeat(MAX_ORDER_NOTES),
      '図'.repeat(MAX_ORDER_NOTES),
      'a\n\n'.repeat(333),
      'word '.repeat(199) + 'last',
      Array.from({ length: 60 }, () => 'line').join('\n'),
    ];
    for (const notes of longest) {
      const pages = await ticketPages(notes.slice(0, MAX_ORDER_NOTES));
      expect(pages.length).toBeLessThanOrEqual(2);
      for (const step of CHECKLIST) expect(pages[0]).toContain(step);
    }
  });

  it('keeps the checklist on page 1 with every field at its longest, in smaller type', async () => {
    const words = (word: string, n: number) => `${word} `.repeat(n).slice(0, n).trim();
    const pages = await ticketPages(words('note 図面', 1000), {
      customer_first_name: words('Alexandrina', 100),
      customer_last_name: words('Papadopoulou', 100),
      customer_email: `${'a'.repeat(64)}@${'b'.repeat(185)}.com`,
      customer_phone: '+1 (201) 555-0100 ext. 1234567890123',
      shipping_method: 'shipping',
      shipping_service: 'UPS Next Day Air Saver',
      shipping_address: { street1: words('Boulevard', 200), street2: words('Suite', 200), city: words('Springfield', 100), state: 'NY', zipCode: '12207-1234' },
      job_name: words('図面 Residence', 100),
      po_number: 'P'.repeat(50),
      file_name: `${words('планы-drawing', 250)}.pdf`,
      rush_order: true,
    });
    expect(pages).toHaveLength(2);
    for (const step of CHECKLIST.slice(0, 3)) expect(pages[0]).toContain(step);
    expect(pages[0]).toContain('Label on the tube');
    expect(pages[0]).toContain('NY 12207-1234');
  });

  it('with a project, an exemption and 200 named sheets, each row keeps its own cap and the checklist stays on page 1', async () => {
    const words = (word: string, n: number) => `${word} `.repeat(n).slice(0, n).trim();
    const sheets = Array.from({ length: 200 }, (_, i) => ({ position: i + 1, sheetNumber: `A-${101 + i}`, sheetTitle: 'Enlarged floor plan and details' }));
    const order = orderRowFor({
      job_name: words('図面 Residence', 100),
      file_name: `${words('планы-drawing', 250)}.pdf`,
      project_code: 'P'.repeat(30),
      project_name: words('Hoboken Tower', 100),
      tax_exempt_text: 'Tax exempt — NJ ST-5 exempt organization #EO-12345',
      page_count: 200,
      color_sheets: Array.from({ length: 100 }, (_, i) => i * 2 + 1),
      print_type: 'auto',
    });
    const pdf = await renderJobTicket(order, DEFAULT_SHOP, sheets);
    const pages = await pdfPageTexts(pdf);
    expect(pages).toHaveLength(1);
    const page = pages[0].replace(/\s+/g, ' ');
    for (const step of CHECKLIST) expect(page).toContain(step);
    expect(page).toContain('Tax exempt — NJ ST-5 exempt organization #EO-12345');
    expect(page).toContain('1: A-101 Enlarged floor plan and details');
    // The 200-sheet list is cut (it is the receipt's to list whole); the color sheets row is not lost to it.
    expect(page).not.toContain('200: A-300');
    expect(page).toContain('Color sheets');
  });
});

describe('splitNotes', () => {
  const doc = new PDFDocument({ size: 'LETTER' });
  it('keeps the notes as written while page 1 holds them', () => {
    expect(splitNotes(doc, 'one\ntwo', 400, 5, 40)).toEqual({ first: ['one', 'two'], rest: [], continued: false });
  });
  it('sends what page 1 cannot hold to page 2, leaving a line for the note that it goes on', () => {
    const notes = ['a', 'b', 'c', 'd', 'e'].join('\n');
    expect(splitNotes(doc, notes, 400, 3, 40)).toEqual({ first: ['a', 'b'], rest: ['c', 'd', 'e'], continued: true });
  });
  it('runs the lines together with ¶ when even two pages cannot hold them one by one', () => {
    const notes = ['a', 'b', 'c', 'd', 'e'].join('\n');
    expect(splitNotes(doc, notes, 400, 2, 2)).toEqual({ first: ['a ¶ b ¶ c ¶ d ¶ e'], rest: [], continued: false });
    const long = Array.from({ length: 40 }, () => 'word').join('\n');
    const split = splitNotes(doc, long, 100, 3, 3);
    expect(split.continued).toBe(true);
    expect(split.first).toHaveLength(2);
    expect(split.rest.length).toBeGreaterThan(0);
    expect(split.rest.length).toBeLessThanOrEqual(3);
    expect([...split.first, ...split.rest].join(' ')).toMatch(/^word ¶ word/);
  });
});
