/**
 * Promises from the production queue in Chromium (docs/decisions/070): with nothing waiting the
 * checkout shows today's promise and no queue sentence; with 30 working hours of batches waiting for
 * the counter plotter, the configuration card and the checkout both say, before payment, that the
 * queue is full and when the order will really be ready. Screenshots at 1366 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, screenshot, seedCheckoutData, useClientCookies, watchPageErrors, screenshotOf } from '../helpers/browser';
import { buildUpload } from '../helpers/factories';
import { giveAnonymousSession } from '../helpers/sessions';
import { ARCH_D, makeDrawingPdf } from '../helpers/pdf';
import { waitingBatch } from '../helpers/production';

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));

const QUEUE_SENTENCE = /^The counter's queue is (full today|busy): ready .+ by \d{1,2}:\d{2} (AM|PM)\.$/;

/** A checkout page for a 3-sheet B&W set of a new anonymous browser. */
async function checkoutPage(width: number): Promise<Page> {
  const client = shop.client();
  const sid = await giveAnonymousSession(shop, client);
  const upload = await buildUpload(shop, { sessionSid: sid, pages: 3 });
  const page = await newPage(browser, { width });
  await useClientCookies(page, client, shop.url);
  const data = { uploadId: upload.id, fileName: upload.file_name, pageCount: 3, fileSize: upload.file_size, printSize: '24x36', printType: 'bw' };
  await seedCheckoutData(page, { ...data, pricePerPage: 5.99, totalAmount: 17.97 });
  await page.goto(`${shop.url}/checkout`);
  await page.getByTestId('ready-by-promise').waitFor({ timeout: 15_000 });
  return page;
}

/** 30 working hours for the counter plotter (3,600 pages at 120 an hour), waiting to be sent. */
async function fillQueue(): Promise<void> {
  await waitingBatch(shop, 3600);
}

describe('promises from the production queue', { timeout: 150_000 }, () => {
  it('an empty queue changes nothing at checkout', async () => {
    const page = await checkoutPage(1366);
    const errors = watchPageErrors(page);
    expect(await page.getByTestId('ready-by-promise').textContent()).toMatch(/^Ready /);
    expect(await page.getByTestId('queue-promise').count()).toBe(0);
    errors.assertClean();
    await page.close();
  });

  for (const width of [1366, 390]) {
    it(`a full queue says the true time on the card and at checkout (${width} px)`, async () => {
      const [{ count }] = await shop.sql<{ count: number }[]>`select count(*)::int as count from print_batches`;
      if (count === 0) await fillQueue();
      const page = await newPage(browser, { width, height: 1000 });
      // The promise follows the page's minute (and moves by a quarter hour at a boundary): one minute
      // for the card and the checkout, so the two are compared for the same moment.
      await page.clock.setFixedTime(new Date());
      const errors = watchPageErrors(page);
      await page.goto(`${shop.url}/`);
      await page.getByRole('button', { name: 'Upload & Print Now' }).click();
      const input = page.locator('#upload input[type=file]');
      await input.waitFor({ state: 'attached', timeout: 30_000 });
      await input.setInputFiles({
        name: 'Permit set.pdf',
        mimeType: 'application/pdf',
        buffer: await makeDrawingPdf({ pages: 3, size: ARCH_D, title: 'Queue' }),
      });
      const summary = page.getByRole('region', { name: 'Order summary' });
      await summary.getByRole('list', { name: 'Price lines' }).waitFor({ timeout: 45_000 });
      const notice = summary.getByTestId('queue-promise');
      await notice.waitFor({ timeout: 15_000 });
      const sentence = (await notice.textContent()) ?? '';
      expect(sentence).toMatch(QUEUE_SENTENCE);
      await notice.scrollIntoViewIfNeeded();
      await screenshot(page, `queue-promise-card-${width}`);
      // The card's summary on its own, to look at the sentence where it stands.
      await screenshotOf(summary, `queue-promise-card-summary-${width}`);

      await summary.getByRole('button', { name: 'Proceed to Checkout' }).click();
      await page.waitForURL(`${shop.url}/checkout`, { timeout: 15_000 });
      const atCheckout = page.getByTestId('queue-promise');
      await atCheckout.waitFor({ timeout: 15_000 });
      // The same order, the same promise: the card's sentence is the checkout's.
      expect(await atCheckout.textContent()).toBe(sentence);
      const ready = sentence.replace(/^.*: ready /, '').replace(/\.$/, '');
      expect(await page.getByTestId('ready-by-promise').textContent()).toContain(`Ready ${ready.replace(/^Today/, 'today')}`);
      await atCheckout.scrollIntoViewIfNeeded();
      await screenshot(page, `queue-promise-checkout-${width}`);
      await screenshotOf(page, `queue-promise-checkout-view-${width}`);
      errors.assertClean();
      await page.close();
    });
  }
});
