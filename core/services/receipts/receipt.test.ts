/** The receipt prints every name as typed, in any script, and long job names whole. */
import { describe, expect, it } from 'vitest';
import { renderReceipt } from './index';
import { orderRowFor } from '#test/helpers/orderRow';
import { pdfPageTexts, renderPngs } from '#test/helpers/pdfPages';
import { DEFAULT_SHOP } from '#shared/shop';

const NAME = '王 Smith Résidence 図面 планы №7';

describe('renderReceipt', () => {
  it('prints a job name, customer, address and file in Latin, Cyrillic, Greek and CJK exactly', async () => {
    const order = orderRowFor({
      job_name: NAME,
      po_number: 'PO №7-図',
      customer_first_name: 'Ζωή',
      customer_last_name: 'Иванова',
      file_name: 'планы-図面.pdf',
      shipping_method: 'shipping',
      shipping_service: 'UPS Ground',
      shipping_address: { street1: '1 Main St 王', street2: 'кв. 7', city: 'Albany', state: 'NY', zipCode: '12207' },
    });
    const pdf = await renderReceipt(order, DEFAULT_SHOP);
    const pages = await pdfPageTexts(pdf);
    expect(pages).toHaveLength(1);
    for (const text of [`Job name: ${NAME}`, 'PO: PO №7-図', 'Ζωή Иванова', 'планы-図面.pdf', '1 Main St 王', 'кв. 7']) expect(pages[0]).toContain(text);
    // Nothing drawn as a stand-in: the only question mark is the footer's.
    expect(pages[0].replace('Questions?', '')).not.toMatch(/[?\uFFFD]/);
    const png = await renderPngs(pdf, 'receipt');
    expect(png).toEqual({ pages: 1, stderr: '' });
  });

  it('shows a 100-character job name whole, wrapped', async () => {
    const jobName = `${NAME} ${'Residence addition '.repeat(4)}ZZ-END`.slice(0, 94) + 'ZZ-END';
    expect(jobName).toHaveLength(100);
    const pdf = await renderReceipt(orderRowFor({ job_name: jobName }), DEFAULT_SHOP);
    const [page] = await pdfPageTexts(pdf);
    const lines = page.split('\n').map((l) => l.trim());
    const start = lines.findIndex((l) => l.startsWith('Job name:'));
    expect(start).toBeGreaterThan(-1);
    // The wrapped lines joined back are the whole name.
    const shown = [lines[start].replace(/^Job name: /, ''), lines[start + 1]].join(' ');
    expect(shown).toBe(jobName);
    expect(lines[start + 1]).toMatch(/ZZ-END$/);
  });

  it('keeps the embedded fonts small: a receipt is well under 100 KB', async () => {
    const pdf = await renderReceipt(orderRowFor({ job_name: NAME }), DEFAULT_SHOP);
    expect(pdf.length).toBeLessThan(100_000);
  });

  it("dates the receipt and its ready-by on the shop's clock, not the server's zone", async () => {
    // 10:30 PM on Tuesday, Nov 24 in New York is already Wednesday in UTC, where the tests run.
    const paid = new Date('2026-11-25T03:30:00Z');
    expect(paid.getDate()).toBe(25);
    const pdf = await renderReceipt(orderRowFor({ created_at: paid, paid_at: paid, ready_by: new Date('2026-11-27T00:00:00Z') }), DEFAULT_SHOP);
    const [page] = await pdfPageTexts(pdf);
    expect(page).toContain('November 24, 2026');
    expect(page).not.toContain('November 25, 2026');
    expect(page).toContain('Ready Thursday, Nov 26 by 7:00 PM');
  });
});
