/**
 * GET /api/config: the shop facts the client shows (address, map link, hours, support contact, which
 * payment form to load, where the source code is). GET /api/turnaround: when an order paid at `at` (default now) is ready,
 * with the production queue (docs/decisions/070); the optional order (`pages`, `colorPages`, `sets`,
 * `halfSets`, `reducedSets`, `fold`, `bind`, `halfFold`, `halfBind`) adds its own printing and finishing.
 */
import { validate } from '../middleware/validate';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context';
import { clockInstantField } from '#shared/fields';
import { BINDS, FOLDS } from '#shared/finishing';
import { MAX_SET_SHEETS } from '#shared/limits';
import { MAX_SETS } from '#shared/pricing';
import { NO_WORK, orderWorkOf } from '#shared/queuePromise';
import { turnaroundFor } from '#core/production/promises';
import { shopDay } from '#shared/clock';
import { parseTestimonials } from '#shared/testimonials';
import { shopHolidaysAhead } from '#shared/holidays';
import { formatShopAddress, OPENING_HOURS, OPENING_HOURS_TEXT, SAME_DAY_CUTOFF_MINUTES, shopFacts, shopMapUrl } from '#shared/shop';
import { FREE_SHIPPING_THRESHOLD_CENTS } from '#shared/pricing';
import { centsToDollars } from '#shared/money';

const count = (name: string, max: number) => {
  const message = `${name} must be a whole number from 0 to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(0, message).max(max, message).optional();
};
const choice = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of ${values.join(', ')}` }).default(values[0]);

const TurnaroundQuery = z
  .object({
    at: clockInstantField('at').optional(),
    // The order being priced, when the card or checkout asks: sheets per set, sets and finishing.
    pages: count('pages', MAX_SET_SHEETS),
    colorPages: count('colorPages', MAX_SET_SHEETS),
    sets: count('sets', MAX_SETS),
    halfSets: count('halfSets', MAX_SETS),
    reducedSets: count('reducedSets', MAX_SETS),
    fold: choice('fold', FOLDS),
    bind: choice('bind', BINDS),
    halfFold: choice('halfFold', FOLDS),
    halfBind: choice('halfBind', BINDS),
  })
  .refine((q) => (q.colorPages ?? 0) <= (q.pages ?? 0), { message: 'colorPages must be at most pages', path: ['colorPages'] });

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
  router.get('/api/turnaround', turnaroundQuery, async (req, res) => {
    const query = turnaroundQuery.input(req).query;
    const at = query.at ?? new Date();
    const work = query.pages
      ? orderWorkOf({
          pageCount: query.pages,
          colorPages: query.colorPages ?? 0,
          sets: query.sets ?? (query.halfSets || query.reducedSets ? 0 : 1),
          halfSets: query.halfSets ?? 0,
          reducedSets: query.reducedSets ?? 0,
          finishing: { fold: query.fold, bind: query.bind, holes: 0 },
          halfFinishing: { fold: query.halfFold, bind: query.halfBind, holes: 0 },
        })
      : NO_WORK;
    res.set('Cache-Control', 'no-store');
    res.json(await turnaroundFor(ctx.sql, { at, work, clock }));
  });
  // The spec's "logged out" redirect target; the sign-in page lives at /login.
  router.get('/api/login', (_req, res) => {
    res.redirect(302, '/login');
  });
  return router;
}
