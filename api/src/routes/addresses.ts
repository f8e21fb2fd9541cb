/**
 * The signed-in person's address book: GET lists it (the last used first), POST saves an address
 * (one already there moves to the top), DELETE removes one. Checkout adds each address an order
 * ships to. Another person's address is 404.
 */
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context';
import { forgetAddress, listAddresses, rememberAddress } from '#core/addresses/addressBook';
import { requireUser } from '../lib/sessions';
import { validate } from '../middleware/validate';
import { AddressSchema } from '#shared/address';
import { uuidField } from '#shared/fields';

const addressBody = validate({ body: AddressSchema });
const addressParams = validate({ params: z.object({ id: uuidField }) }, 'Address not found.');

export function addressRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/addresses', requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await listAddresses(ctx.sql, req.shop.userId as string));
  });

  router.post('/api/addresses', requireUser, addressBody, async (req, res) => {
    const saved = await ctx.sql.begin((tx) => rememberAddress(tx, req.shop.userId as string, addressBody.input(req).body));
    res.status(201).json(saved);
  });

  router.delete('/api/addresses/:id', requireUser, addressParams, async (req, res) => {
    await forgetAddress(ctx.sql, req.shop.userId as string, addressParams.input(req).params.id);
    res.json({ message: 'The address is removed from your address book.' });
  });

  return router;
}
