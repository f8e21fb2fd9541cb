/**
 * Every file of an order's drawing set lives as long as the order needs it and goes with the order's
 * files: the expired-upload clean-up and the orphan sweep leave a set's second and third files alone
 * (not only the first, which the order's own columns name), and the retention job deletes all of them.
 */
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { buildUpload } from '#test/helpers/factories';
import { giveAnonymousSession } from '#test/helpers/sessions';
import { addJob } from '#core/lib/db';
import { uploadPreviewKey } from '#core/services/storage/keys';
import { LEFTOVER_AGE_MS } from '#core/services/storage/leftovers';
import { sweepUploadOrphans } from './uploads__sweep_orphans';

let shop: TestShop;
shopForFile((s) => (shop = s));

describe("a set's files", () => {
  it('survive the clean-up and the sweep while the order needs them, and all go when the order is done with them', async () => {
    const client = shop.client();
    const sid = await giveAnonymousSession(shop, client);
    const files = [await buildUpload(shop, { sessionSid: sid }), await buildUpload(shop, { sessionSid: sid }), await buildUpload(shop, { sessionSid: sid })];
    const ids = files.map((f) => f.id);
    for (const id of ids) await shop.ctx.storage.put(uploadPreviewKey(id, 1), Buffer.from('png'));
    const stray = await buildUpload(shop, { sessionSid: sid });

    const { uploadId: _one, ...body } = pickupBody('', { ...CUSTOMER, printSize: '24x36', printType: 'bw' });
    const placed = await client.post('/api/create-payment-intent', { ...body, uploadIds: ids });
    expect(placed.status).toBe(201);
    const orderId = placed.body.orderId;
    expect((await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242424242424242' })).body.status).toBe('succeeded');

    // A day later: every upload is past its time; only the one outside the set goes.
    await shop.sql`update uploads set created_at = now() - interval '25 hours' where id = any(${[...ids, stray.id]}::uuid[])`;
    await addJob(shop.sql, 'uploads__cleanup', {});
    await shop.runJobs();
    await sweepUploadOrphans(shop.ctx, new Date(Date.now() + LEFTOVER_AGE_MS + 60_000));
    const left = await shop.sql<{ id: string }[]>`select id from uploads where id = any(${[...ids, stray.id]}::uuid[])`;
    expect(left.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(await shop.ctx.storage.stat(stray.storage_key)).toBeNull();
    for (const f of files) {
      expect(await shop.ctx.storage.stat(f.storage_key)).not.toBeNull();
      expect(await shop.ctx.storage.stat(uploadPreviewKey(f.id, 1))).not.toBeNull();
    }

    // Completed, and kept while FILE_RETENTION_DAYS have not passed…
    await shop.sql`update orders set status = 'completed', completed_at = now() - interval '1 day' where id = ${orderId}`;
    await addJob(shop.sql, 'orders__delete_files', {});
    await shop.runJobs();
    for (const f of files) expect(await shop.ctx.storage.stat(f.storage_key)).not.toBeNull();

    // …then every file of the set and its previews go, and the order records it.
    await shop.sql`update orders set completed_at = now() - interval '30 days' where id = ${orderId}`;
    await addJob(shop.sql, 'orders__delete_files', {});
    await shop.runJobs();
    for (const f of files) {
      expect(await shop.ctx.storage.stat(f.storage_key)).toBeNull();
      expect(await shop.ctx.storage.stat(uploadPreviewKey(f.id, 1))).toBeNull();
    }
    const deleted = await shop.sql<{ file_deleted_at: Date | null }[]>`select file_deleted_at from uploads where id = any(${ids}::uuid[])`;
    expect(deleted.every((r) => r.file_deleted_at instanceof Date)).toBe(true);
    const [order] = await shop.sql<{ file_deleted_at: Date | null }[]>`select file_deleted_at from orders where id = ${orderId}`;
    expect(order.file_deleted_at).toBeInstanceOf(Date);
  });

  it('a file in a newer order stays when an older order is done with it', async () => {
    const client = shop.client();
    const sid = await giveAnonymousSession(shop, client);
    const shared = await buildUpload(shop, { sessionSid: sid });
    const own = await buildUpload(shop, { sessionSid: sid });
    const { uploadId: _one, ...body } = pickupBody('', { printSize: '24x36', printType: 'bw' });
    const older = await client.post('/api/create-payment-intent', { ...body, uploadIds: [own.id, shared.id] });
    const newer = await client.post('/api/create-payment-intent', { ...body, uploadIds: [shared.id] });
    expect([older.status, newer.status]).toEqual([201, 201]);
    await shop.sql`update orders set status = 'completed', completed_at = now() - interval '30 days' where id = ${older.body.orderId}`;
    await addJob(shop.sql, 'orders__delete_files', {});
    await shop.runJobs();
    expect(await shop.ctx.storage.stat(own.storage_key)).toBeNull();
    expect(await shop.ctx.storage.stat(shared.storage_key)).not.toBeNull();
  });
});
