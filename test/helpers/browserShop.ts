/** A browser test file's shop: a test shop with its worker and Chromium, started before the file's tests and closed after them. */
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestShop, type TestShop } from './shop';
import { launchBrowser } from './browser';

/** Registers the file's hooks; `ready` receives the shop and the browser once both run. */
export function browserShopForFile(ready: (shop: TestShop, browser: Browser) => void): void {
  let shop: TestShop | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [shop, browser] = await Promise.all([startTestShop(), launchBrowser()]);
    await shop.startWorker({ concurrency: 2 });
    ready(shop, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
  });
}
