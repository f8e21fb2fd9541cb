/**
 * The documents most orders and most tests print embed no font: the order factory's Latin-1 text is
 * drawn in the built-in Helvetica (decision 025), so only a document with text WinAnsi cannot encode
 * reads and subsets an embedded face (~40 ms for Noto Sans, ~300 ms for the 8 MB CJK face a document).
 */
import { describe, expect, it } from 'vitest';
import { renderReceipt } from '../services/receipts/index';
import { renderJobTicket } from '../services/tickets/jobTicket';
import { drawLabel } from '../services/labels/builtin';
import { orderRowFor } from '#test/helpers/orderRow';
import { DEFAULT_SHOP } from '#shared/shop';

/** The embedded font programs of a PDF (FontFile2 TrueType, FontFile3 CFF); PDFKit writes the descriptors uncompressed. */
function embeddedFontFiles(pdf: Buffer): string[] {
  return pdf.toString('latin1').match(/\/FontFile\d?/g) ?? [];
}

describe('documents embed a font only for text WinAnsi cannot encode', () => {
  const order = orderRowFor({ job_name: 'Smith Residence – Café', po_number: 'PO 17', notes: 'Trim to the border, fold to 9×12.' });

  it('a receipt, a job ticket and a label of Latin-1 text embed none', async () => {
    const documents = {
      receipt: await renderReceipt(order, DEFAULT_SHOP),
      ticket: await renderJobTicket(order, DEFAULT_SHOP),
      label: await drawLabel({ order, shop: DEFAULT_SHOP, service: 'UPS Ground', weightOz: 12, trackingNumber: 'BP1234567890123456' }),
    };
    for (const [name, pdf] of Object.entries(documents)) expect(embeddedFontFiles(pdf), name).toEqual([]);
  });

  it('a receipt with a kanji in its job name embeds the CJK face, and only it', async () => {
    const pdf = await renderReceipt({ ...order, job_name: 'Smith Residence 図面' }, DEFAULT_SHOP);
    expect(embeddedFontFiles(pdf)).toEqual(['/FontFile3']);
  });
});
