/**
 * GET /api/config: the shop facts the client shows (address, map link, hours, support contact, which
 * payment form to load, where the source code is). GET /api/turnaround: when an order paid at `at` (default now) is ready.
 */
import { validate } from '../middleware/validate';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context';
import { clockInstantField } from '#shared/fields';
import { turnaround } from '#shared/readyBy';
import { shopDay } from '#shared/clock';
import { parseTestimonials } from '#shared/testimonials';
import { shopHolidaysAhead } from '#shared/holidays';
import { formatShopAddress, OPENING_HOURS, OPENING_HOURS_TEXT, SAME_DAY_CUTOFF_MINUTES, shopFacts, shopMapUrl } from '#shared/shop';
import { FREE_SHIPPING_THRESHOLD_CENTS } from '#shared/pricing';
import { centsToDollars } from '#shared/money';

const TurnaroundQuery = z.object({ at: clockInstantField('at').optional() });

const turnaroundQuery = validate({ query: TurnaroundQuery });

export function configRoutes(ctx: AppContext): Router {
  const router = Router();
  const shop = shopFacts(ctx.env);
  const clock = { timeZone: shop.timeZone, holidays: shop.holidays };
  router.get('/api/config', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=60');
    res.json({
      supportEmail: shop.email,
      supportPhone: shop.phone,
      shop: {
        name: shop.name,
        street1: shop.street1,
        city: shop.city,
        state: shop.state,
        zip: shop.zip,
        address: formatShopAddress(shop),
        mapUrl: shopMapUrl(shop),
        phone: shop.phone,
        email: shop.email,
        timeZone: shop.timeZone,
        hoursText: OPENING_HOURS_TEXT,
        openingHours: OPENING_HOURS,
        sameDayCutoffMinutes: SAME_DAY_CUTOFF_MINUTES,
        // The counter's closed holidays (federal and the shop's own) for the coming year, YYYY-MM-DD.
        holidays: shopHolidaysAhead(shopDay(new Date(), clock), 366, shop.holidays),
      },
      freeShippingThreshold: centsToDollars(FREE_SHIPPING_THRESHOLD_CENTS),
      paymentProvider: ctx.payments?.name ?? null,
      stripePublishableKey: ctx.payments?.publishableKey ?? null,
      shippingProvider: ctx.shipping?.name ?? null,
      // The source of the running version, for the footer: the AGPL asks a deployment to offer it.
      sourceUrl: ctx.env.SOURCE_URL,
      // What customers said (SHOP_TESTIMONIALS); [] hides the landing page's section.
      testimonials: parseTestimonials(ctx.env.SHOP_TESTIMONIALS),
    });
  });
  router.get('/api/turnaround', turnaroundQuery, (req, res) => {
    const query = turnaroundQuery.input(req).query;
    const at = query.at ?? new Date();
    res.set('Cache-Control', 'no-store');
    res.json(turnaround(at, clock));
  });
  // The spec's "logged out" redirect target; the sign-in page lives at /login.
  router.get('/api/login', (_req, res) => {
    res.redirect(302, '/login');
  });
  return router;
}
