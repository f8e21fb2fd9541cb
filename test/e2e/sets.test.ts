/**
 * Sets and color per sheet in the browser (docs/decisions/011-sets-and-color-per-sheet.md): a guest
 * orders 3 sets of a 3-sheet drawing with sheet 2 switched to color on the configuration card, adds a
 * job name, PO and notes at checkout, pays with the test card, and the confirmation page and the
 * receipt PDF show the price lines. The real pages, API and worker. Color is chosen by hand with the
 * card's per-sheet toggles, as a customer overriding the analysis would.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, screenshot, seriousA11yViolations, watchPageErrors, screenshotOf } from '../helpers/browser';
import { ARCH_D, makeDrawingPdf } from '../helpers/pdf';
import { pdfText } from '../helpers/pdfText';

let shop: TestShop;
let browser: Browser;

browserShopForFile((s, b) => ([shop, browser] = [s, b]));

describe('sets and color per sheet in the browser', { timeout: 150_000 }, () => {
  it('orders 3 sets with sheet 2 in color, and the receipt carries the lines', async () => {
    const page = await newPage(browser, { height: 1000 });
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/`);
    await page.getByRole('button', { name: 'Upload & Print Now' }).click();
    const input = page.locator('#upload input[type=file]');
    await input.waitFor({ state: 'attached', timeout: 30_000 });
    const fileName = 'Smith permit set.pdf';
    await input.setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: await makeDrawingPdf({ pages: 3, size: ARCH_D, title: 'Sets' }) });
    await page.getByRole('button', { name: 'Remove File' }).waitFor({ timeout: 45_000 });

    // B&W is chosen (no color found on this branch); every sheet is marked B&W.
    expect(await page.getByRole('radio', { name: 'Black & White' }).isChecked()).toBe(true);
    for (const n of [1, 2, 3]) expect(await page.getByRole('button', { name: `Sheet ${n}: B&W` }).getAttribute('aria-pressed')).toBe('false');

    // The price shows once the color verdict is in (no color: B&W stays).
    await page.getByRole('region', { name: 'Order summary' }).getByRole('list', { name: 'Price lines' }).waitFor({ timeout: 30_000 });

    // Three sets with the stepper.
    await page.getByRole('button', { name: 'More sets' }).click();
    await page.getByRole('button', { name: 'More sets' }).click();
    expect(await page.getByLabel('Sets', { exact: true }).inputValue()).toBe('3');
    const summary = page.getByRole('region', { name: 'Order summary' });
    expect(await summary.getByRole('list', { name: 'Price lines' }).textContent()).toContain('24" x 36" black and white (9 × $5.99)$53.91');

    // Sheet 2 switched to color: color only where needed, with one color sheet.
    await page.getByRole('button', { name: 'Sheet 2: B&W' }).click();
    expect(await page.getByRole('button', { name: 'Sheet 2: Color' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('radio', { name: /Color only where needed \(1 color sheet\)/ }).isChecked()).toBe(true);
    const lines = await summary.getByRole('list', { name: 'Price lines' }).getByRole('listitem').allTextContents();
    expect(lines).toEqual(['24" x 36" black and white (6 × $5.99)$35.94', '24" x 36" color (3 × $14.99)$44.97']);
    expect(await summary.textContent()).toContain('$80.91');
    expect(await summary.textContent()).not.toContain('Price per page');

    // A larger preview of a sheet, and back.
    await page.getByRole('button', { name: 'Enlarge sheet 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sheet 2' });
    await dialog.waitFor();
    // Named by its title block when it has one ("A-102 ROOF PLAN (sheet 2)"), its place after.
    expect(await dialog.getByRole('heading').innerText()).toMatch(/sheet 2\)?$/i);
    await expect.poll(() => dialog.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot(page, 'sets-larger-preview');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotOf(page.locator('#upload'), 'sets-configuration-card');

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/checkout$/, { timeout: 15_000 });
    await page.getByRole('button', { name: /^Pay \$/ }).waitFor({ timeout: 30_000 });
    await page.getByText('3 sets ×').waitFor();
    await page.getByLabel('First name *').fill('Grace');
    await page.getByLabel('Last name *').fill('Hopper');
    await page.getByLabel('Email *').fill('grace@example.com');
    await page.getByLabel('Job name (optional)').fill('Smith Residence');
    await page.getByLabel('PO number (optional)').fill('4471');
    await page.getByLabel('Notes for the shop (optional)').fill('Roll each set separately.');
    // The summary shows the server's lines; 80.91 + NJ 6.63% (5.364) = 86.27.
    await page.getByText('24" x 36" color (3 × $14.99)').waitFor();
    await page.getByText('24" x 36" black and white (6 × $5.99)').waitFor();
    expect(await page.getByRole('button', { name: /^Pay \$/ }).textContent()).toBe('Pay $86.27');
    await screenshot(page, 'sets-checkout');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('1234');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/order-success\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.getByText('Payment received').first().waitFor({ timeout: 30_000 });
    const orderId = page.url().split('/').pop() as string;
    const [order] = await shop.sql`select * from orders where id = ${orderId}`;
    expect(order).toMatchObject({
      sets: 3,
      print_type: 'auto',
      color_sheets: [2],
      job_name: 'Smith Residence',
      po_number: '4471',
      notes: 'Roll each set separately.',
      subtotal_cents: 8091,
      total_cents: 8627,
    });

    // The confirmation page: sets, color sheets, job, PO and the lines.
    await page.getByText('3 sets of 3 sheets').waitFor();
    await page.getByText('Smith Residence').waitFor();
    const shown = await page.getByRole('list', { name: 'Price lines' }).getByRole('listitem').allTextContents();
    expect(shown).toEqual(['24" x 36" black and white (6 × $5.99)$35.94', '24" x 36" color (3 × $14.99)$44.97']);

    // The receipt PDF lists the same lines.
    const download = page.waitForEvent('download', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Download Receipt' }).click();
    const receipt = fs.readFileSync(await (await download).path());
    const text = (await pdfText(receipt)).replace(/[ \t]+/g, ' ');
    expect(text).toContain('24" x 36" black and white 6 $5.99 $35.94');
    expect(text).toContain('24" x 36" color 3 $14.99 $44.97');
    expect(text).toContain('Sets: 3 sets of 3 sheets');
    expect(text).toContain('Job name: Smith Residence');
    expect(text).toContain('PO: 4471');
    expect(text).toContain('Total $86.27');
    await screenshot(page, 'sets-confirmed');
    errors.assertClean();
    await page.context().close();
  });
});
