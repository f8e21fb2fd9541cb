import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { exportById } from '../queries';
import { completeExport, failExport, requestExport } from './exports';

let shop: TestShop;
shopForFile((s) => (shop = s));

const request = () => shop.sql.begin((tx) => requestExport(tx, { requestedBy: 'admin', orderIds: [crypto.randomUUID()] }));

describe('the export commands', () => {
  it('keeps a completed export completed when a late failure arrives', async () => {
    const exportId = await request();
    await completeExport(shop.sql, { exportId, processedFiles: 1, key: `exports/${exportId}/export.zip`, byteSize: 100 });
    await failExport(shop.sql, { exportId, reason: 'last attempt failed' });
    const row = await exportById(shop.sql, exportId);
    expect(row).toMatchObject({ status: 'completed', error: null, storage_key: `exports/${exportId}/export.zip` });
  });

  it('keeps a failed export failed: it is never completed afterwards', async () => {
    const exportId = await request();
    await failExport(shop.sql, { exportId, reason: 'nothing to export' });
    await completeExport(shop.sql, { exportId, processedFiles: 1, key: `exports/${exportId}/export.zip`, byteSize: 100 });
    const row = await exportById(shop.sql, exportId);
    expect(row).toMatchObject({ status: 'failed', total_files: 0, storage_key: null, completed_at: null });
    expect(row?.error).toMatch(/deleted after printing/);
  });
});
