/** A browser test file's shop: a test shop with its worker and the worker's Chromium, started before the file's tests; the shop and the file's pages are closed after them. */
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestShop, type FileShopOptions, type TestShop } from './shop';
import { sharedBrowser } from './browser';

/** What a file's shop needs beyond the default (a worker with concurrency 2). */
export type BrowserShopOptions = {
  shop?: FileShopOptions;
  /** The worker's options, or false for a file whose tests run no background jobs. */
  worker?: false | Parameters<TestShop['startWorker']>[0];
};

/** Registers the file's hooks; `ready` receives the shop and the browser once both run. */
export function browserShopForFile(ready: (shop: TestShop, browser: Browser) => void, options: BrowserShopOptions = {}): void {
  let shop: TestShop | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const shopOptions = typeof options.shop === 'function' ? options.shop() : options.shop;
    [shop, browser] = await Promise.all([startTestShop(shopOptions), sharedBrowser()]);
    if (options.worker !== false) await shop.startWorker(options.worker ?? { concurrency: 2 });
    ready(shop, browser);
  });
  afterAll(async () => {
    // The file's pages go with it; the browser stays for the worker's next file (sharedBrowser).
    await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
    await shop?.close();
  });
}
