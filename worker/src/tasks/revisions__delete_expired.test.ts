import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildOrder } from '#test/helpers/factories';
import { revisionOverlayKey } from '#core/services/storage/keys';

let shop: TestShop;
shopForFile((s) => (shop = s));

/** A compared revision started `hoursAgo`, with an overlay stored for its sheet 1. */
async function revisionWithOverlay(hoursAgo: number): Promise<string> {
  const [row] = await shop.sql<{ id: string }[]>`
    insert into revisions (previous_upload_ids, upload_ids, status, created_at, compared_at)
    values ('{}', '{}', 'ready', now() - make_interval(hours => ${hoursAgo}), now())
    returning id`;
  await shop.sql`insert into revision_sheets (revision_id, position, change, has_overlay) values (${row.id}, 1, 'changed', true)`;
  await shop.ctx.storage.put(revisionOverlayKey(row.id, 1, false), Buffer.from('png'), { contentType: 'image/png' });
  return row.id;
}

async function runCleanup(): Promise<void> {
  await shop.runCron('revisions__delete_expired');
}

const overlayStored = async (id: string) => (await shop.ctx.storage.stat(revisionOverlayKey(id, 1, false))) !== null;

describe('revisions__delete_expired', () => {
  it('removes a revision no order names after 24 h, overlays first; a newer one stays', async () => {
    const old = await revisionWithOverlay(25);
    const fresh = await revisionWithOverlay(1);
    await runCleanup();
    expect(await shop.sql`select id from revisions where id = ${old}`).toEqual([]);
    expect(await overlayStored(old)).toBe(false);
    expect(await shop.sql`select id from revisions where id = ${fresh}`).toHaveLength(1);
    expect(await overlayStored(fresh)).toBe(true);
  });

  it("keeps a printed revision's rows for its ticket, and drops its overlays once its order's files are deleted", async () => {
    const printed = await revisionWithOverlay(48);
    const order = await buildOrder(shop);
    await shop.sql`update orders set revision_id = ${printed} where id = ${order.id}`;
    await runCleanup();
    expect(await overlayStored(printed)).toBe(true);

    await shop.sql`update orders set file_deleted_at = now() where id = ${order.id}`;
    await runCleanup();
    expect(await overlayStored(printed)).toBe(false);
    expect(await shop.sql`select has_overlay from revision_sheets where revision_id = ${printed}`).toEqual([{ has_overlay: false }]);
    // Safe to run again: nothing left to do.
    await runCleanup();
    expect(await shop.sql`select id from revisions where id = ${printed}`).toHaveLength(1);
  });
});
