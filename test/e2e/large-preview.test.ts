/**
 * The upload card's enlarged preview is sharp: the dialog opens on the card's small preview, then
 * shows the worker's enlarged one (LARGE_PREVIEW_PX on the long side), to zoom into and pan around;
 * 1366 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, seriousA11yViolations, watchPageErrors, screenshotOf } from '../helpers/browser';
import { makeTitledSetPdf } from '../helpers/pdf';
import { planSheet } from '../helpers/revisions';
import { LARGE_PREVIEW_PX } from '#shared/limits';

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));

/** Uploads a two-sheet set on the landing page and opens sheet 2 enlarged; resolves with its dialog. */
async function enlargeSheetTwo(page: Page) {
  await page.goto(`${shop.url}/`);
  const input = page.locator('#upload input[type=file]');
  await input.waitFor({ state: 'attached', timeout: 15_000 });
  await input.setInputFiles({ name: 'E-201 Plans.pdf', mimeType: 'application/pdf', buffer: await makeTitledSetPdf([planSheet('E-201'), planSheet('E-202')]) });
  const enlarge = page.getByRole('button', { name: 'Enlarge sheet 2' });
  await enlarge.waitFor({ timeout: 45_000 });
  await enlarge.click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

describe('the enlarged preview', { timeout: 120_000 }, () => {
  it('replaces the small preview with the 2400 px one, at 1366 and 390 px', async () => {
    for (const width of [1366, 390]) {
      const page = await newPage(browser, { width, height: width > 500 ? 900 : 844 });
      const errors = watchPageErrors(page);
      const dialog = await enlargeSheetTwo(page);
      const image = dialog.getByRole('img', { name: /larger preview$/ });
      await dialog.locator('img[data-large="true"]').waitFor({ timeout: 30_000 });
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(LARGE_PREVIEW_PX);
      expect(await dialog.getByRole('status').count()).toBe(0);
      // Shown at no more than its own size: every screen pixel has a pixel of the drawing behind it.
      const shown = await image.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width * window.devicePixelRatio);
      expect(shown).toBeLessThanOrEqual(LARGE_PREVIEW_PX);
      const violations = await seriousA11yViolations(page);
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
      // The dialog as the customer sees it (the viewport, not the whole page under it).
      await screenshotOf(page, `upload-large-preview-${width}`);
      // Zoomed in as the revision overlay is: the title block read at the large preview's own pixels.
      for (let i = 0; i < 4; i++) await dialog.getByRole('button', { name: 'Zoom in' }).click();
      await dialog.getByText('400%').waitFor();
      const frame = dialog.getByLabel(/scroll or drag to move around$/);
      await frame.evaluate((el) => el.scrollTo(el.scrollWidth, el.scrollHeight));
      await screenshotOf(page, `upload-large-preview-zoomed-${width}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      errors.assertClean();
      await page.context().close();
    }
  });
});
