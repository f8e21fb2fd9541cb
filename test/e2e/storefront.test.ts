/**
 * The storefront in a real browser: the landing page's sections and facts, the FAQ filter and
 * accordion, support contact from configuration, the footer and layout on every page, page
 * transitions, phone widths and axe-core accessibility checks.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BUDGET_BYTES, measureLandingJs } from '../../bench/client-size';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, screenshot, seriousA11yViolations, watchPageErrors } from '../helpers/browser';

const SUPPORT_EMAIL = 'counter@paramus-prints.test';
const SUPPORT_PHONE = '(973) 555-0199';

let shop: TestShop;
let browser: Browser;
/** The shop's own customers' words (SHOP_TESTIMONIALS): shown as configured, never invented. */
const SHOP_TESTIMONIALS = JSON.stringify([
  { quote: 'Picked up our permit set on the way home.', name: 'Ana Ruiz', role: 'Architect, Ruiz Studio' },
  { quote: 'Rush saved a bid.', name: 'Ben Okafor', role: '' },
]);
browserShopForFile((s, b) => ([shop, browser] = [s, b]), { shop: { env: { SUPPORT_EMAIL, SUPPORT_PHONE, SHOP_TESTIMONIALS } }, worker: false });

async function openLanding(page: Page) {
  await page.goto(`${shop.url}/`);
  await page.getByRole('heading', { level: 1, name: /Large-format blueprint printing/ }).waitFor({ timeout: 30_000 });
  // The support contact comes from /api/config; wait until it replaced the built-in fallback.
  await page.locator(`a[href="mailto:${SUPPORT_EMAIL}"]`).first().waitFor();
}

/** True when the element's top is inside the viewport (it has been scrolled to). */
async function inViewport(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const r = document.querySelector(sel)?.getBoundingClientRect();
    return !!r && r.top >= -2 && r.top < window.innerHeight;
  }, selector);
}

describe('landing page', { timeout: 120_000 }, () => {
  it('shows hero, upload, pricing, why us, testimonials, FAQ and footer, and the hero buttons scroll', async () => {
    const page = await newPage(browser);
    const errors = watchPageErrors(page);
    await openLanding(page);
    const main = page.locator('main');

    // Keyboard: Tab from the top reaches the skip link, then the bar, then the hero's buttons, each with a visible outline.
    const focused: string[] = [];
    for (let i = 0; i < 8 && !focused.includes('Upload & Print Now'); i++) {
      await page.keyboard.press('Tab');
      focused.push(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim() ?? ''));
    }
    expect(focused[0]).toBe('Skip to content');
    expect(focused).toContain('Upload & Print Now');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement as HTMLElement).outlineStyle);
    expect(outline).toBe('solid');
    await page.keyboard.press('Enter');
    await expect.poll(() => inViewport(page, '#upload')).toBe(true);

    await page.evaluate(() => window.scrollTo(0, 0));

    // Sections, in the spec's order.
    const ids = await page.evaluate(() => [...document.querySelectorAll('main section[id]')].map((s) => s.id));
    expect(ids.slice(0, 3)).toEqual(['upload', 'pricing', 'faq']);
    for (const name of [
      'Upload your drawing set',
      'Simple, per-sheet pricing',
      'A print counter built for deadlines',
      'Trusted by people who build',
      'Frequently asked questions',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name }).isVisible()).resolves.toBe(true);
    }

    // Pricing: the four per-sheet prices, rush, pickup and the tax note.
    const pricing = page.locator('#pricing');
    const pricingText = await pricing.innerText();
    for (const price of ['$5.99', '$14.99', '$6.99', '$17.99', '+$20.00', 'Free', '6.63%', "destination state's rate"]) expect(pricingText).toContain(price);

    // The configured testimonials, as written, with no stars nobody gave.
    expect(await main.locator('figure blockquote').allInnerTexts()).toEqual(['“Picked up our permit set on the way home.”', '“Rush saved a bid.”']);
    expect(await main.getByRole('img', { name: /out of 5 stars/ }).count()).toBe(0);

    // Hero buttons scroll to their sections.
    expect(await inViewport(page, '#pricing')).toBe(false);
    await page.getByRole('button', { name: 'View Pricing' }).click();
    await expect.poll(() => inViewport(page, '#pricing')).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Upload & Print Now' }).click();
    await expect.poll(() => inViewport(page, '#upload')).toBe(true);

    // Footer: services, support and policy links, card badges, the configured contact.
    const footer = page.locator('footer');
    for (const nav of ['Services', 'Support', 'Policies']) expect(await footer.getByRole('navigation', { name: nav }).count()).toBe(1);
    for (const brand of ['Visa', 'Mastercard', 'American Express', 'Discover']) expect(await footer.getByRole('img', { name: brand }).count()).toBe(1);
    expect(await footer.locator(`a[href="mailto:${SUPPORT_EMAIL}"]`).count()).toBe(1);
    expect(await footer.locator('a[href="tel:+19735550199"]').count()).toBe(1);
    expect(await footer.innerText()).not.toContain('support@blueprintshop.local');
    // Policy links land on their policy.
    await footer.getByRole('link', { name: 'Refunds & Reprints' }).click();
    await expect.poll(() => inViewport(page, '#refunds')).toBe(true);

    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'storefront-landing-desktop');
    errors.assertClean();
    await page.context().close();
  });

  it('FAQ: All Questions plus ten category pills, filtering, a multi-open accessible accordion with the shop facts', async () => {
    const page = await newPage(browser);
    const errors = watchPageErrors(page);
    await openLanding(page);
    const faq = page.locator('#faq');
    const pills = faq.getByRole('group', { name: 'Filter questions by category' }).getByRole('button');
    expect(await pills.allInnerTexts()).toEqual([
      'All Questions',
      'Pricing',
      'File Formats',
      'Turnaround Time',
      'Pickup & Shipping',
      'Shipping',
      'Payment',
      'Print Quality',
      'Account',
      'File Requirements',
      'Support',
    ]);
    expect(await faq.getByRole('button', { name: 'All Questions' }).getAttribute('aria-pressed')).toBe('true');

    // Every category has at least one question.
    const questions = faq.locator('button[aria-controls]');
    const all = await questions.count();
    for (const category of [
      'Pricing',
      'File Formats',
      'Turnaround Time',
      'Pickup & Shipping',
      'Shipping',
      'Payment',
      'Print Quality',
      'Account',
      'File Requirements',
      'Support',
    ]) {
      await faq.getByRole('button', { name: category, exact: true }).click();
      const n = await questions.count();
      expect(n, category).toBeGreaterThan(0);
      expect(n, category).toBeLessThan(all);
    }

    // Open every question in All Questions: several stay open at once, each tied to its answer.
    await faq.getByRole('button', { name: 'All Questions' }).click();
    expect(await questions.count()).toBe(all);
    for (let i = 0; i < all; i++) await questions.nth(i).click();
    for (let i = 0; i < all; i++) {
      const q = questions.nth(i);
      expect(await q.getAttribute('aria-expanded')).toBe('true');
      const panel = page.locator(`#${await q.getAttribute('aria-controls')}`);
      expect(await panel.isVisible()).toBe(true);
    }
    const text = await faq.innerText();
    for (const fact of [
      '24" x 36"',
      '30" x 42"',
      'within 1/8"',
      '$5.99',
      '$14.99',
      '$6.99',
      '$17.99',
      '$20.00',
      '1-4 hours',
      '4-6 hours',
      'before 12 PM',
      'Paramus, NJ',
      '24-48 hours',
      '9AM-7PM',
      '10AM-6PM',
      'closed Sunday',
      '3" x 3" x 24"',
      '3" x 3" x 30"',
      'ground, 2-day or overnight',
      'PDF only',
      '50 MB',
      'deleted after printing',
      '7 days',
      'Visa',
      'Mastercard',
      'American Express',
      'Discover',
      'over $100',
      '6.63%',
      SUPPORT_EMAIL,
      SUPPORT_PHONE,
    ]) {
      expect(text, fact).toContain(fact);
    }

    // Closing one leaves the others open.
    await questions.first().click();
    expect(await questions.first().getAttribute('aria-expanded')).toBe('false');
    expect(await questions.nth(1).getAttribute('aria-expanded')).toBe('true');

    // 'Still have questions?' with email and phone links from the configuration.
    await expect(faq.getByRole('heading', { name: 'Still have questions?' }).isVisible()).resolves.toBe(true);
    expect(await faq.getByRole('link', { name: /Email Support/ }).getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
    expect(await faq.getByRole('link', { name: `Call ${SUPPORT_PHONE}` }).getAttribute('href')).toBe('tel:+19735550199');

    // Keyboard: a question opens with Enter.
    const last = questions.last();
    await last.click(); // closes it
    await last.focus();
    await page.keyboard.press('Enter');
    expect(await last.getAttribute('aria-expanded')).toBe('true');

    expect(await seriousA11yViolations(page)).toEqual([]);
    await faq.scrollIntoViewIfNeeded();
    await screenshot(page, 'storefront-faq-open');
    errors.assertClean();
    await page.context().close();
  });

  it('opening /#faq from another page lands on the FAQ', async () => {
    const page = await newPage(browser);
    await page.goto(`${shop.url}/#faq`);
    await page.locator('#faq').waitFor();
    await expect.poll(() => inViewport(page, '#faq')).toBe(true);
    await page.context().close();
  });

  it('fits a 375 px phone without sideways scrolling', async () => {
    const page = await newPage(browser, { width: 375, height: 740 });
    const errors = watchPageErrors(page);
    await openLanding(page);
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(await page.getByRole('button', { name: 'Upload & Print Now' }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'storefront-landing-phone');
    errors.assertClean();
    await page.context().close();
  });

  it('shows the dashboard at / to a signed-in customer instead of the landing page', async () => {
    const page = await newPage(browser);
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/login`);
    const email = `storefront-${Date.now()}@example.com`;
    const statuses = await page.evaluate(async (email) => {
      const json = (body: unknown) => ({
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'include' as const,
      });
      const reg = await fetch('/api/auth/register', json({ email, password: 'drawing-set-42', firstName: 'Ada', lastName: 'Architect' }));
      const login = await fetch('/api/auth/login', json({ email, password: 'drawing-set-42' }));
      return [reg.status, login.status];
    }, email);
    expect(statuses).toEqual([201, 200]);
    // While the session loads, the landing page shows; then the signed-in customer's dashboard replaces it.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/user', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${shop.url}/`);
    await page.getByRole('button', { name: 'Upload & Print Now' }).waitFor({ timeout: 30_000 });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/user') && r.status() === 200);
    release();
    await answered;
    await page.unroute('**/api/auth/user');
    await page.getByRole('button', { name: 'Upload & Print Now' }).waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Ada' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('#pricing').count()).toBe(0);
    expect(await page.locator('footer').getByRole('navigation', { name: 'Policies' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The signed-in pages share the look and pass the same checks.
    for (const path of ['/dashboard', '/orders']) {
      await page.goto(`${shop.url}${path}`);
      await page.locator('main h1').first().waitFor({ timeout: 30_000 });
      expect((await page.locator('header').first().boundingBox())?.height, path).toBe(64);
      expect(await seriousA11yViolations(page), path).toEqual([]);
    }
    errors.assertClean();
    await page.context().close();
  });
});

describe('client size', { timeout: 120_000 }, () => {
  it('the landing page never loads Stripe.js', async () => {
    const page = await newPage(browser);
    const urls: string[] = [];
    page.on('request', (req) => urls.push(req.url()));
    await openLanding(page);
    await page.waitForLoadState('networkidle');
    expect(urls.some((u) => u.endsWith('.js'))).toBe(true);
    expect(urls.filter((u) => u.includes('stripe'))).toEqual([]);
    await page.context().close();
  });

  it('the production build of the landing route is within 150 KB of JavaScript gzipped (bench/client-size.ts)', async () => {
    const result = await measureLandingJs();
    expect(result.rows.map((r) => r.role)).toEqual(expect.arrayContaining(['entry', 'Landing route']));
    expect(result.totalGzip).toBeGreaterThan(10 * 1024);
    expect(result.totalGzip).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(result.stripeOnLanding).toBe(false);
  });
});

describe('one look on every page', { timeout: 120_000 }, () => {
  const PAGES = ['/', '/login', '/register', '/order-lookup', '/admin/login', '/no/such/page'];

  it('every page has the 4 rem navigation bar, the grid background and the footer, and no serious axe violations', async () => {
    const page = await newPage(browser);
    const errors = watchPageErrors(page);
    for (const path of PAGES) {
      await page.goto(`${shop.url}${path}`);
      await page.locator('main h1, main h2').first().waitFor({ timeout: 30_000 });
      const header = await page.locator('header').first().boundingBox();
      expect(header?.height, path).toBe(64);
      expect(await page.locator('.blueprint-grid').count(), path).toBe(1);
      expect(await page.locator('footer').getByRole('navigation', { name: 'Policies' }).count(), path).toBe(1);
      expect(await seriousA11yViolations(page), path).toEqual([]);
      await screenshot(page, `storefront-page${path === '/' ? '-home' : path.replaceAll('/', '-')}`);
    }
    errors.assertClean();
    await page.context().close();
  });

  it('page transitions: the old page fades out for 0.4 s, the new one in for 0.6 s, never blurred; none with reduced motion, nor spinners', async () => {
    const page = await newPage(browser, { reducedMotion: 'no-preference' });
    const context = page.context();
    // A spinner's classes (test/docs/reducedMotion.test.ts keeps every spinner and placeholder paired with motion-reduce:animate-none).
    const loopingAnimation = (p: typeof page) =>
      p.evaluate(() => {
        const el = document.createElement('span');
        el.className = 'animate-spin motion-reduce:animate-none';
        document.body.append(el);
        const name = getComputedStyle(el).animationName;
        el.remove();
        return name;
      });
    await page.goto(`${shop.url}/`);
    await page.getByRole('heading', { level: 1, name: /Large-format blueprint printing/ }).waitFor({ timeout: 30_000 });
    const enter = await page.evaluate(() => {
      const el = document.querySelector('main > div') as HTMLElement;
      const s = getComputedStyle(el);
      return { cls: el.className, name: s.animationName, duration: s.animationDuration, filter: s.filter };
    });
    expect(enter).toEqual({ cls: 'page-enter', name: 'page-in', duration: '0.6s', filter: 'none' });
    expect(await loopingAnimation(page)).toBe('spin');

    await page.locator('footer').getByRole('link', { name: 'Track Orders' }).click();
    const exit = await page.evaluate(() => {
      const el = document.querySelector('main > div') as HTMLElement;
      const s = getComputedStyle(el);
      return { cls: el.className, name: s.animationName, duration: s.animationDuration, filter: s.filter, stillLanding: !!document.getElementById('pricing') };
    });
    expect(exit).toEqual({ cls: 'page-exit', name: 'page-out', duration: '0.4s', filter: 'none', stillLanding: true });
    await page.waitForFunction(() => !document.getElementById('pricing') && document.querySelector('main > div')?.className === 'page-enter');
    await context.close();

    // Reduced motion: no animation, and the new page replaces the old one at once.
    const reduced = await newPage(browser);
    await reduced.goto(`${shop.url}/`);
    await reduced.getByRole('heading', { level: 1, name: /Large-format blueprint printing/ }).waitFor({ timeout: 30_000 });
    expect(await reduced.evaluate(() => getComputedStyle(document.querySelector('main > div') as HTMLElement).animationName)).toBe('none');
    // Spinners and loading placeholders hold still too.
    expect(await loopingAnimation(reduced)).toBe('none');
    // Watch every class the page wrapper takes, so the proof is what happened, not how fast a loaded
    // machine happened to render it.
    await reduced.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenClasses: string[] }).seenClasses = seen;
      const main = document.querySelector('main') as HTMLElement;
      new MutationObserver(() => {
        const cls = (main.firstElementChild as HTMLElement | null)?.className;
        if (cls) seen.push(cls);
      }).observe(main, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    });
    await reduced.locator('footer').getByRole('link', { name: 'Track Orders' }).click();
    await reduced.waitForFunction(() => !document.getElementById('pricing'));
    const seenClasses = await reduced.evaluate(() => (window as unknown as { seenClasses: string[] }).seenClasses);
    expect(seenClasses).not.toContain('page-exit');
    await reduced.context().close();
  });
});
