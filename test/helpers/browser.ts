/**
 * Debian's Chromium through playwright-core, for the browser journeys. Screenshots are saved under
 * test-results/screenshots/ so a person can look at every journey's end (not in CI: savingScreenshots).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/**
 * Debian's headless build of Chromium (package chromium-headless-shell) where it is installed: the
 * same engine without the desktop browser around it, 30% less CPU for the browser project than
 * /usr/bin/chromium on a 2-core host (decision 100). The full browser is the fallback.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');
/**
 * Whether the journeys save their screenshots: for a person who runs the suite and opens them, yes;
 * in CI (`CI` set), whose clean clone nobody opens, no. They assert nothing, and their ~200
 * captures were a ninth of the browser project's CPU (decision 104). SCREENSHOTS=1 or 0 decides.
 */
export function savingScreenshots(): boolean {
  return process.env.SCREENSHOTS ? process.env.SCREENSHOTS !== '0' : !process.env.CI;
}

let shared: Promise<Browser> | null = null;

/**
 * The worker's one Chromium: the browser project runs a worker's files one after the other without
 * isolation (vitest.config.ts), so its files share one browser, each in contexts of its own, rather
 * than start one each. Playwright ends it when the worker process exits.
 */
export function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then((browser) => {
    browser.on('disconnected', () => {
      shared = null;
    });
    return browser;
  });
  shared.catch(() => {
    shared = null;
  });
  return shared;
}

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium-headless-shell`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Saves a full-page screenshot as test-results/screenshots/<name>.png and returns its path.
 * The same capture as Playwright's `fullPage` (the page's whole content, beyond the viewport), but
 * with Chromium's fast PNG encoder: the same pixels in a file about a third larger. Playwright's
 * default encoder spent 1.15 s of CPU on a 1280×5800 page against 0.68 s, and the journeys take
 * about 200 of these (decision 103).
 */
export async function screenshot(page: Page, name: string): Promise<string | null> {
  await page.evaluate(() => document.fonts.ready);
  if (!savingScreenshots()) return null;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  const cdp = await page.context().newCDPSession(page);
  try {
    const { cssContentSize } = await cdp.send('Page.getLayoutMetrics');
    const clip = { x: 0, y: 0, width: Math.ceil(cssContentSize.width), height: Math.ceil(cssContentSize.height), scale: 1 };
    const { data } = await cdp.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true, captureBeyondViewport: true, clip });
    fs.writeFileSync(file, Buffer.from(data, 'base64'));
  } finally {
    await cdp.detach();
  }
  return file;
}

/**
 * Saves what a person sees of the page (its viewport), or of one element, as
 * test-results/screenshots/<name>.png. When screenshots are not saved, the element is still waited
 * for and scrolled into view as its capture would, so the steps after it meet the same page.
 */
export async function screenshotOf(target: Page | Locator, name: string): Promise<void> {
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  if (savingScreenshots()) {
    await target.screenshot({ path: file });
  } else if ('scrollIntoViewIfNeeded' in target) {
    await target.scrollIntoViewIfNeeded();
  }
}

/** Fails the test on any console error or uncaught page error (collected; call `assertClean()`). */
export function watchPageErrors(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of (401|404|400|402|409|429)/.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
  return {
    problems,
    assertClean() {
      if (problems.length > 0) throw new Error(`Page errors:\n${problems.join('\n')}`);
    },
  };
}

/** Runs axe-core on the page and returns violations of impact serious or critical. */
export async function seriousA11yViolations(page: Page): Promise<{ id: string; help: string; nodes: number }[]> {
  const axeSource = fs.readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v: { id: string; help: string; impact: string; nodes: unknown[] }) => ({
      id: v.id,
      help: v.help,
      impact: v.impact,
      nodes: v.nodes.length,
    }));
  });
  return result.filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical');
}

/** A page with reduced motion (no page-transition blur in screenshots) and a desktop viewport. */
export async function newPage(browser: Browser, options: { width?: number; height?: number; reducedMotion?: 'reduce' | 'no-preference' } = {}): Promise<Page> {
  // bypassCSP lets axe-core be injected under the shop's Content-Security-Policy.
  const context = await browser.newContext({
    bypassCSP: true,
    reducedMotion: options.reducedMotion ?? 'reduce',
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    acceptDownloads: true,
  });
  return context.newPage();
}

/** Puts checkout data in the page's sessionStorage once, as the configuration card does, before /checkout loads. */
export async function seedCheckoutData(page: Page, data: Record<string, unknown>): Promise<void> {
  await page.addInitScript((json) => {
    if (!sessionStorage.getItem('checkout-test-seeded')) {
      sessionStorage.setItem('checkoutData', json);
      sessionStorage.setItem('checkout-test-seeded', '1');
    }
  }, JSON.stringify(data));
}

/** The card's checkout data for a ready 3-sheet upload printed 24x36 in black and white ($5.99 a sheet), as most checkout journeys start. */
export async function seedThreeSheetCheckout(page: Page, upload: { id: string; file_name: string; file_size: number }): Promise<void> {
  await seedCheckoutData(page, {
    uploadId: upload.id,
    fileName: upload.file_name,
    pageCount: 3,
    fileSize: upload.file_size,
    printSize: '24x36',
    printType: 'bw',
    pricePerPage: 5.99,
    totalAmount: 17.97,
  });
}

/** Types the checkout's contact fields as a customer would. */
export async function fillContact(page: Page, who: { first: string; last: string; email: string }): Promise<void> {
  await page.getByLabel('First name *').fill(who.first);
  await page.getByLabel('Last name *').fill(who.last);
  await page.getByLabel('Email *').fill(who.email);
}

/** Chooses shipping at checkout and types the address (rates are fetched once it is complete). */
export async function shipTo(page: Page, address: { street1: string; city: string; state: string; zip: string }): Promise<void> {
  await page.getByRole('radio', { name: /Shipping/ }).check();
  await page.getByLabel('Street address *').fill(address.street1);
  await page.getByLabel('City *').fill(address.city);
  await page.getByLabel('State *').fill(address.state);
  await page.getByLabel('ZIP *').fill(address.zip);
}

/** A page carrying a test client's cookies (a signed-in customer or the admin), at `width` px. */
export async function pageWithCookiesOf(browser: Browser, shopUrl: string, cookieHeader: string, width: number): Promise<Page> {
  const page = await newPage(browser, { width, height: 900 });
  page.setDefaultTimeout(10_000);
  await useClientCookies(page, { cookieHeader: () => cookieHeader }, shopUrl);
  return page;
}

/** Gives the page the cookies of a test client (a signed-in customer's session, say), for the shop at `baseUrl`. */
export async function useClientCookies(page: Page, client: { cookieHeader(): string }, baseUrl: string): Promise<void> {
  const domain = new URL(baseUrl).hostname;
  await page.context().addCookies(
    client
      .cookieHeader()
      .split('; ')
      .filter(Boolean)
      .map((pair) => {
        const i = pair.indexOf('=');
        return { name: pair.slice(0, i), value: pair.slice(i + 1), domain, path: '/' };
      }),
  );
}
