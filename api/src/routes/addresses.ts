/**
 * The signed-in person's address book: GET lists their own addresses and their firm's (the last
 * used first), POST saves an address in their own book or, with `scope: "firm"`, the firm's (one
 * already there moves to the top), DELETE removes one. Checkout adds each address an order ships
 * to. Another person's address, or another firm's, is 404; a firm address someone else saved is
 * 403 to a member who is not the owner.
 */
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context';
import { listAddresses } from '#core/addresses/addressBook';
import { forgetAddress, rememberAddress, rememberFirmAddress } from '#core/addresses/commands/addresses';
import { requireUser } from '../http/sessions';
import { validate } from '../middleware/validate';
import { SaveAddressSchema } from '#shared/address';
import { uuidField } from '#shared/fields';

const addressBody = validate({ body: SaveAddressSchema });
const addressParams = validate({ params: z.object({ id: uuidField }) }, 'Address not found.');

export function addressRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/addresses', requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json(await listAddresses(ctx.sql, req.shop.userId as string));
  });

  router.post('/api/addresses', requireUser, addressBody, async (req, res) => {
    const { scope, ...address } = addressBody.input(req).body;
    const userId = req.shop.userId as string;
    const saved = await ctx.sql.begin((tx) => (scope === 'firm' ? rememberFirmAddress(tx, userId, address) : rememberAddress(tx, userId, address)));
    res.status(201).json(saved);
  });

  router.delete('/api/addresses/:id', requireUser, addressParams, async (req, res) => {
    await forgetAddress(ctx.sql, req.shop.userId as string, addressParams.input(req).params.id);
    res.json({ message: 'The address is removed from your address book.' });
  });

  return router;
}
