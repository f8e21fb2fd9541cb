/**
 * The admin search box (GET /api/admin/orders?q=) finds job names and PO numbers by any part, as well
 * as order numbers, emails and names, and a trigram index serves those arms.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildOrder } from '#test/helpers/factories';
import { adminClient } from '#test/helpers/adminTestKit';
import type { TestClient } from '#test/helpers/client';
import { orderNumberOf } from '#shared/fields';
import type { OrderRow } from '../presenters/order';

let shop: TestShop;
let admin: TestClient;
shopForFile((s) => (shop = s));
beforeAll(async () => {
  admin = await adminClient(shop);
});

async function orderWith(jobName: string | null, poNumber: string | null, options: Parameters<typeof buildOrder>[1] = {}): Promise<OrderRow> {
  const order = await buildOrder(shop, options);
  await shop.sql`update orders set job_name = ${jobName}, po_number = ${poNumber} where id = ${order.id}`;
  return order;
}

async function search(q: string): Promise<string[]> {
  const res = await admin.get(`/api/admin/orders?limit=200&q=${encodeURIComponent(q)}`);
  expect(res.status, q).toBe(200);
  return (res.body.orders as { id: string }[]).map((o) => o.id).sort();
}

describe('admin search by job name and PO number', () => {
  it('finds any part of a job name or PO, whatever the case, and nothing unpaid', async () => {
    const smith = await orderWith('Smith Résidence — Phase 2', 'PO-4471');
    const library = await orderWith('Paramus Library Annex', '20261125');
    const plain = await orderWith(null, null, { email: 'someone@example.com' });
    const unpaid = await orderWith('Smith Résidence unpaid', 'PO-9999', { paymentStatus: 'unpaid' });

    expect(await search('smith rés')).toEqual([smith.id]);
    expect(await search('LIBRARY')).toEqual([library.id]);
    expect(await search('4471')).toEqual([smith.id]);
    expect(await search('po-4')).toEqual([smith.id]);
    // Eight digits look like an order number; a PO that reads so is found all the same.
    expect(await search('20261125')).toEqual([library.id]);
    expect(await search('611')).toEqual([library.id]);
    // What the search found before still works beside the new arms.
    expect(await search(orderNumberOf(plain.id))).toEqual([plain.id]);
    expect(await search('someone@example.com')).toEqual([plain.id]);
    expect(await search('9999')).not.toContain(unpaid.id);
    // Like's wildcards are taken literally.
    expect(await search('%')).toEqual([]);
    expect(await search('Annex_')).toEqual([]);
  });

  it('serves the job name and PO arms from the trigram index', async () => {
    const model = await orderWith('Model job', 'PO-1');
    const rolledBack = new Error('roll back');
    let plan = '';
    // Three thousand copies of one paid order, analysed and searched in a transaction that is rolled
    // back: with a handful of rows the planner would rightly scan the table instead.
    await shop.sql
      .begin(async (tx) => {
        // The record is built in a lateral join: `(jsonb_populate_record(…)).*` would build it once
        // per column of orders (PostgreSQL expands `.*` into one call each), 30 s instead of 1.
        await tx`
          insert into orders
          select copy.*
          from orders o, generate_series(1, 3000) g,
            lateral jsonb_populate_record(null::orders, to_jsonb(o) || jsonb_build_object(
              'id', gen_random_uuid(), 'access_token', 'copy-' || g, 'payment_intent_id', 'pi-copy-' || g,
              'job_name', 'Tower ' || g, 'po_number', 'PO-' || (100000 + g))) copy
          where o.id = ${model.id}`;
        // A production index has long merged its fast-update pending list; this one just took 3,000 rows.
        await tx`select gin_clean_pending_list('orders_job_po_trgm_idx')`;
        await tx`analyze orders`;
        const rows = await tx.unsafe<{ 'QUERY PLAN': string }[]>(
          `explain select o.id from orders o where o.payment_status <> 'unpaid'
             and (lower(o.job_name) like $1 or lower(o.po_number) like $1)
           order by o.created_at desc, o.id desc limit 51`,
          ['%annex%'],
        );
        plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    expect(plan).toContain('orders_job_po_trgm_idx');
    expect(plan).not.toContain('Seq Scan');
  }, 120_000);
});
