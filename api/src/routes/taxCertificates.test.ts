/**
 * Tax-exempt certificates: an owner files one (pending), the counter verifies or rejects it with a
 * reason the owner reads; outsiders get 404, members 403, non-admins 401 on the counter's routes. A
 * verified one is withdrawn by the counter or an owner; one without an expiry date lapses 12 months
 * after it was verified, and its owners are reminded a month before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildUser } from '#test/helpers/factories';
import { adminClient, customerClient } from '#test/helpers/adminTestKit';
import type { TestClient } from '#test/helpers/client';
import { makeDrawingPdf, LETTER } from '#test/helpers/pdf';
import { buildUpload } from '#test/helpers/factories';
import { CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { orderRowFor } from '#test/helpers/orderRow';
import { pdfPageTexts } from '#test/helpers/pdfPages';
import { renderReceipt } from '#core/services/receipts/index';
import { DEFAULT_SHOP } from '#shared/shop';

let shop: TestShop;
let admin: TestClient;
shopForFile((s) => (shop = s));
beforeAll(async () => {
  admin = await adminClient(shop);
});

async function person(first = 'Pat') {
  const user = await buildUser(shop, { firstName: first, lastName: 'Builder' });
  return { id: user.id, email: user.email, client: await customerClient(shop, user.id) };
}

/** A firm with an owner and a member. */
async function firm() {
  const owner = await person('Olive');
  const { firmId } = (await owner.client.post('/api/firms', { name: 'Hudson Builders' })).body;
  const member = await person('Milo');
  await owner.client.post(`/api/firms/${firmId}/invites`, { email: member.email });
  const [row] = await shop.sql<{ text_body: string }[]>`select text_body from emails where to_address = ${member.email} and kind = 'firm_invite'`;
  const token = decodeURIComponent(/token=(\S+)/.exec(row.text_body)?.[1] ?? '');
  expect((await member.client.post('/api/firm-invites/accept', { token })).status).toBe(200);
  return { owner, member, firmId: firmId as string };
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4ed0000000049454e44ae426082',
  'hex',
);

function certificateForm(fields: Record<string, string>, file: { bytes: Buffer; name: string; type?: string } | null): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }), file.name);
  return form;
}

const ST5 = { state: 'NJ', kind: 'ST-5 exempt organization', number: 'EO-12345', expiresOn: '2027-12-31' };

describe('tax-exempt certificates', () => {
  it('an owner files one; it is pending; members and outsiders cannot', async () => {
    const { owner, member, firmId } = await firm();
    const pdf = await makeDrawingPdf({ pages: 1, size: LETTER });
    const path = `/api/firms/${firmId}/tax-certificates`;
    const filed = await owner.client.request('POST', path, { body: certificateForm(ST5, { bytes: pdf, name: 'ST-5.pdf' }) });
    expect(filed.status, filed.text).toBe(201);
    expect(filed.body).toEqual({ certificateId: expect.any(String), status: 'pending' });
    const seen = (await owner.client.get(`/api/firms/${firmId}`)).body.certificates;
    expect(seen).toMatchObject([
      {
        id: filed.body.certificateId,
        state: 'NJ',
        kind: 'ST-5 exempt organization',
        number: 'EO-12345',
        expiresOn: '2027-12-31',
        status: 'pending',
        rejectReason: null,
        fileName: 'ST-5.pdf',
      },
    ]);
    expect((await member.client.get(`/api/firms/${firmId}`)).body.certificates).toBeNull();

    expect((await member.client.request('POST', path, { body: certificateForm(ST5, { bytes: pdf, name: 'x.pdf' }) })).status).toBe(403);
    const stranger = await person();
    expect((await stranger.client.request('POST', path, { body: certificateForm(ST5, { bytes: pdf, name: 'x.pdf' }) })).status).toBe(404);
    expect((await shop.client().request('POST', path, { body: certificateForm(ST5, { bytes: pdf, name: 'x.pdf' }) })).status).toBe(404);
    expect((await admin.request('POST', path, { body: certificateForm(ST5, { bytes: pdf, name: 'x.pdf' }) })).status).toBe(404);

    // An image is fine, without an expiry; its type comes from its bytes.
    const png = await owner.client.request('POST', path, {
      body: certificateForm({ ...ST5, expiresOn: '' }, { bytes: PNG, name: 'scan', type: 'application/octet-stream' }),
    });
    expect(png.status, png.text).toBe(201);
    const [row] = await shop.sql`select content_type, expires_on from firm_tax_certificates where id = ${png.body.certificateId}`;
    expect(row).toEqual({ content_type: 'image/png', expires_on: null });
  });

  it('refuses an expiry or a statement period outside the years 2000–2100 with 400 and a sentence, never a 500', async () => {
    const { owner, firmId } = await firm();
    const pdf = await makeDrawingPdf({ pages: 1, size: LETTER });
    for (const expiresOn of ['9999-12-31', '0000-01-01', '0001-01-01']) {
      const res = await owner.client.request('POST', `/api/firms/${firmId}/tax-certificates`, {
        body: certificateForm({ ...ST5, expiresOn }, { bytes: pdf, name: 'x.pdf' }),
      });
      expect(res.status, expiresOn).toBe(400);
      expect(res.body.message, expiresOn).toBe('Please give a date between the years 2000 and 2100.');
    }
    const { projectId } = (await owner.client.post(`/api/firms/${firmId}/projects`, { name: 'Main Street', code: 'MS-1' })).body;
    for (const period of ['from=0000-01-01', 'to=9999-12-31', 'from=0001-01-01&to=2026-01-01']) {
      const res = await owner.client.get(`/api/firms/${firmId}/projects/${projectId}/statement?${period}`);
      expect(res.status, period).toBe(400);
      expect(res.body.message, period).toBe('Please give a date between the years 2000 and 2100.');
    }
    expect(await shop.sql`select id from firm_tax_certificates where firm_id = ${firmId}`).toHaveLength(0);
  });

  it('refuses what is not a certificate, naming the problem', async () => {
    const { owner, firmId } = await firm();
    const path = `/api/firms/${firmId}/tax-certificates`;
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const send = (fields: Record<string, string>, file: { bytes: Buffer; name: string } | null) =>
      owner.client.request('POST', path, { body: certificateForm(fields, file) });

    const notPdf = await send(ST5, { bytes: Buffer.from('MZ this is a program'), name: 'cert.pdf' });
    expect(notPdf.status).toBe(415);
    expect(notPdf.body.message).toBe('The certificate must be a PDF, PNG or JPEG file.');
    const big = await send(ST5, { bytes: Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]), name: 'big.pdf' });
    expect(big.status).toBe(413);
    expect((await send(ST5, null)).status).toBe(400);
    expect((await send({ ...ST5, state: 'ZZ' }, { bytes: pdf, name: 'a.pdf' })).status).toBe(400);
    expect((await send({ ...ST5, expiresOn: 'next year' }, { bytes: pdf, name: 'a.pdf' })).status).toBe(400);
    for (const [field, label] of [
      ['number', /Certificate number/],
      ['kind', /Certificate kind/],
    ] as const) {
      const res = await send({ ...ST5, [field]: `A\u0007B` }, { bytes: pdf, name: 'a.pdf' });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(label);
    }
    expect((await owner.client.post(path, ST5)).status).toBe(400);
    expect((await shop.sql`select count(*)::int as n from firm_tax_certificates where firm_id = ${firmId}`)[0].n).toBe(0);
  });

  it('the counter verifies or rejects; the owner reads the reason and is emailed', async () => {
    const { owner, firmId } = await firm();
    const path = `/api/firms/${firmId}/tax-certificates`;
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const a = (await owner.client.request('POST', path, { body: certificateForm(ST5, { bytes: pdf, name: 'a.pdf' }) })).body.certificateId;
    const b = (
      await owner.client.request('POST', path, { body: certificateForm({ ...ST5, kind: 'ST-3 resale', number: 'R-9' }, { bytes: pdf, name: 'b.pdf' }) })
    ).body.certificateId;

    expect((await owner.client.get('/api/admin/tax-certificates')).status).toBe(401);
    expect((await owner.client.post(`/api/admin/tax-certificates/${a}/verify`)).status).toBe(401);
    const list = await admin.get('/api/admin/tax-certificates');
    expect(list.status).toBe(200);
    expect(list.body.filter((c: { firmId: string }) => c.firmId === firmId)).toHaveLength(2);
    expect(list.body.find((c: { id: string }) => c.id === a)).toMatchObject({ firmName: 'Hudson Builders', status: 'pending' });
    const file = await admin.bytes(`/api/admin/tax-certificates/${a}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.body.equals(pdf)).toBe(true);

    const verified = await admin.post(`/api/admin/tax-certificates/${a}/verify`);
    expect(verified.status).toBe(200);
    expect(verified.body.status).toBe('verified');
    expect((await admin.post(`/api/admin/tax-certificates/${a}/reject`, { reason: 'Too late' })).status).toBe(409);
    expect((await admin.post(`/api/admin/tax-certificates/${b}/reject`, { reason: '' })).status).toBe(400);
    const rejected = await admin.post(`/api/admin/tax-certificates/${b}/reject`, { reason: 'The number is not legible. Please upload a clearer scan.' });
    expect(rejected.status).toBe(200);
    expect((await admin.post('/api/admin/tax-certificates/00000000-0000-4000-8000-000000000000/verify')).status).toBe(404);

    const certificates = (await owner.client.get(`/api/firms/${firmId}`)).body.certificates;
    expect(certificates.find((c: { id: string }) => c.id === b)).toMatchObject({
      status: 'rejected',
      rejectReason: 'The number is not legible. Please upload a clearer scan.',
    });
    expect(certificates.find((c: { id: string }) => c.id === a)).toMatchObject({ status: 'verified', rejectReason: null });
    const emails = await shop.sql<
      { kind: string; text_body: string }[]
    >`select kind, text_body from emails where to_address = ${owner.email} and kind like 'tax_certificate_%' order by created_at`;
    expect(emails.map((e) => e.kind)).toEqual(['tax_certificate_verified', 'tax_certificate_rejected']);
    expect(emails[1].text_body).toContain('The number is not legible.');
  });
});

describe('a verified certificate at checkout', () => {
  /** A firm whose owner filed `cert`, decided as `status`; resolves with the owner. */
  async function firmWith(cert: { state: string; expiresOn?: string } | null, status: 'verified' | 'pending' = 'verified') {
    const { owner, firmId } = await firm();
    if (cert) {
      const form = certificateForm({ ...ST5, state: cert.state, expiresOn: cert.expiresOn ?? '' }, { bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), name: 'c.pdf' });
      const filed = await owner.client.request('POST', `/api/firms/${firmId}/tax-certificates`, { body: form });
      expect(filed.status).toBe(201);
      if (status === 'verified') expect((await admin.post(`/api/admin/tax-certificates/${filed.body.certificateId}/verify`)).status).toBe(200);
    }
    return owner;
  }

  async function pickupOrder(who: { id: string; client: TestClient }) {
    const upload = await buildUpload(shop, { userId: who.id });
    const res = await who.client.post('/api/create-payment-intent', pickupBody(upload.id, CUSTOMER));
    expect(res.status, res.text).toBe(201);
    const [row] = await shop.sql<{ tax_cents: number; total_cents: number; subtotal_cents: number; tax_exempt_text: string | null }[]>`
      select tax_cents, total_cents, subtotal_cents, tax_exempt_text from orders where id = ${res.body.orderId}`;
    return { amounts: res.body.amounts, row };
  }

  it('a verified NJ certificate makes a pickup order’s tax $0.00, shown as "Tax exempt — NJ ST-5 …"', async () => {
    const { amounts, row } = await pickupOrder(await firmWith({ state: 'NJ', expiresOn: '2099-12-31' }));
    expect(amounts.tax).toBe(0);
    expect(amounts.total).toBe(amounts.subtotal);
    expect(amounts.taxExemption).toEqual({
      state: 'NJ',
      kind: 'ST-5 exempt organization',
      number: 'EO-12345',
      label: 'Tax exempt — NJ ST-5 exempt organization #EO-12345',
    });
    expect(row).toMatchObject({ tax_cents: 0, total_cents: row.subtotal_cents, tax_exempt_text: 'Tax exempt — NJ ST-5 exempt organization #EO-12345' });
  });

  it('a PA-only, an expired, a pending certificate and no firm at all tax as usual', async () => {
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const cases = {
      'PA only': await firmWith({ state: 'PA' }),
      expired: await firmWith({ state: 'NJ', expiresOn: yesterday }),
      pending: await firmWith({ state: 'NJ' }, 'pending'),
      'no certificate': await firmWith(null),
      'no firm': await person(),
    };
    for (const [name, who] of Object.entries(cases)) {
      const { amounts, row } = await pickupOrder(who);
      expect(amounts.tax, name).toBeGreaterThan(0);
      expect(amounts.taxExemption, name).toBeNull();
      expect(row.tax_exempt_text, name).toBeNull();
      expect(row.total_cents, name).toBe(row.subtotal_cents + row.tax_cents);
    }
  });
});

describe('an exempt order’s receipt', () => {
  it('names the certificate on the tax line, never "No State Tax"', async () => {
    const text = 'Tax exempt — NJ ST-5 exempt organization #EO-12345';
    const pdf = await renderReceipt(orderRowFor({ tax_cents: 0, tax_rate_millipercent: 0, total_cents: 1797, tax_exempt_text: text }), DEFAULT_SHOP);
    const [page] = await pdfPageTexts(pdf);
    // The label wraps in its column: read the page's words in order.
    const words = page
      .split('\n')
      .map((l) => l.trim().replace(/\s{2,}.*$/, ''))
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(words, page).toContain(text);
    expect(page).not.toContain('No State Tax');
  });
});

/** A firm (owner and member) with one NJ certificate, filed and, unless told, verified by the counter. */
async function firmWithCertificate(options: { expiresOn?: string; decide?: 'verify' | 'reject' | null } = {}) {
  const people = await firm();
  const fields = { ...ST5, expiresOn: options.expiresOn ?? '2099-12-31' };
  const filed = await people.owner.client.request('POST', `/api/firms/${people.firmId}/tax-certificates`, {
    body: certificateForm(fields, { bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), name: 'c.pdf' }),
  });
  expect(filed.status, filed.text).toBe(201);
  const certificateId = filed.body.certificateId as string;
  const decide = options.decide === undefined ? 'verify' : options.decide;
  if (decide) {
    const decided = await admin.post(`/api/admin/tax-certificates/${certificateId}/${decide}`, decide === 'reject' ? { reason: 'Not legible.' } : undefined);
    expect(decided.status, decided.text).toBe(200);
  }
  return { ...people, certificateId };
}

/** A pickup order placed by `who`: its id, the amounts checkout answered, and the row's tax. */
async function placePickup(who: { id: string; client: TestClient }) {
  const upload = await buildUpload(shop, { userId: who.id });
  const res = await who.client.post('/api/create-payment-intent', pickupBody(upload.id, CUSTOMER));
  expect(res.status, res.text).toBe(201);
  const [row] = await shop.sql<{ tax_cents: number; tax_exempt_text: string | null; tax_exempt_certificate_id: string | null }[]>`
    select tax_cents, tax_exempt_text, tax_exempt_certificate_id from orders where id = ${res.body.orderId}`;
  return { orderId: res.body.orderId as string, amounts: res.body.amounts, row };
}

/** The certificate emails sent to `to`, oldest first. */
async function certificateEmails(to: string) {
  return shop.sql<{ kind: string; subject: string; text_body: string }[]>`
    select kind, subject, text_body from emails where to_address = ${to} and kind like 'tax_certificate_%' order by created_at, id`;
}

/** Moves a certificate's verification into the past, as if the counter had verified it then (a fixture: time passing). */
async function verifiedAgo(certificateId: string, interval: string) {
  await shop.sql`update firm_tax_certificates set decided_at = now() - ${interval}::interval where id = ${certificateId}`;
}

describe('withdrawing a verified certificate', () => {
  it('by the counter: the owners are emailed the reason, the next checkout is taxed, an earlier order keeps its exemption', async () => {
    const { owner, member, certificateId } = await firmWithCertificate();
    const earlier = await placePickup(owner);
    expect(earlier.amounts.tax).toBe(0);

    expect((await admin.post(`/api/admin/tax-certificates/${certificateId}/withdraw`, { reason: '' })).status).toBe(400);
    const reason = 'The Division of Taxation revoked this exemption on November 2.';
    const withdrawn = await admin.post(`/api/admin/tax-certificates/${certificateId}/withdraw`, { reason });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.body).toMatchObject({ id: certificateId, status: 'withdrawn', withdrawnBy: 'counter', withdrawReason: reason, validThrough: null });
    expect(withdrawn.body.withdrawnAt).toEqual(expect.any(String));

    const [email] = (await certificateEmails(owner.email)).filter((e) => e.kind === 'tax_certificate_withdrawn');
    expect(email.subject).toBe('Your tax-exempt certificate was withdrawn');
    expect(email.text_body).toContain(`Reason: ${reason}`);
    expect(email.text_body).toContain('orders placed before keep the tax they were charged');
    // The member does not file certificates and is not told of them.
    expect(await certificateEmails(member.email)).toEqual([]);

    const later = await placePickup(owner);
    expect(later.amounts.tax).toBeGreaterThan(0);
    expect(later.amounts.taxExemption).toBeNull();
    expect(later.row).toMatchObject({ tax_exempt_text: null, tax_exempt_certificate_id: null });
    const [kept] = await shop.sql<{ tax_cents: number; tax_exempt_text: string }[]>`
      select tax_cents, tax_exempt_text from orders where id = ${earlier.orderId}`;
    expect(kept).toEqual({ tax_cents: 0, tax_exempt_text: 'Tax exempt — NJ ST-5 exempt organization #EO-12345' });

    const again = await admin.post(`/api/admin/tax-certificates/${certificateId}/withdraw`, { reason });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This certificate was already withdrawn.');
    expect((await admin.post(`/api/admin/tax-certificates/${certificateId}/verify`)).status).toBe(409);
    const listed = (await owner.client.get('/api/my-firm')).body.firm.certificates;
    expect(listed).toMatchObject([{ id: certificateId, status: 'withdrawn', withdrawReason: reason }]);
  });

  it('by an owner, with or without a reason; a member gets 403, an outsider and another firm’s owner 404', async () => {
    const { owner, member, firmId, certificateId } = await firmWithCertificate();
    const path = `/api/firms/${firmId}/tax-certificates/${certificateId}/withdraw`;
    const asMember = await member.client.post(path, {});
    expect(asMember.status).toBe(403);
    expect(asMember.body.message).toBe('Only an owner of the firm can do that.');
    const stranger = await person('Sam');
    expect((await stranger.client.post(path, {})).status).toBe(404);
    expect((await shop.client().post(path, {})).status).toBe(404);
    expect((await admin.post(path, {})).status).toBe(404);
    // Another firm's owner, through their own firm's path: the certificate is not theirs.
    const other = await firm();
    expect((await other.owner.client.post(`/api/firms/${other.firmId}/tax-certificates/${certificateId}/withdraw`, {})).status).toBe(404);
    const [{ status }] = await shop.sql`select status from firm_tax_certificates where id = ${certificateId}`;
    expect(status).toBe('verified');

    const withdrawn = await owner.client.post(path, {});
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.body).toMatchObject({ status: 'withdrawn', withdrawnBy: 'owner', withdrawReason: null });
    const [email] = (await certificateEmails(owner.email)).filter((e) => e.kind === 'tax_certificate_withdrawn');
    expect(email.text_body).toContain("Olive Builder withdrew your firm's certificate NJ ST-5 exempt organization #EO-12345");
    expect(email.text_body).not.toContain('Reason:');
    expect((await placePickup(owner)).amounts.tax).toBeGreaterThan(0);

    const second = await firmWithCertificate();
    const withReason = await second.owner.client.post(`/api/firms/${second.firmId}/tax-certificates/${second.certificateId}/withdraw`, {
      reason: 'We are no longer a nonprofit.',
    });
    expect(withReason.status).toBe(200);
    expect(withReason.body.withdrawReason).toBe('We are no longer a nonprofit.');
  });

  it('refuses withdrawing a pending or a rejected certificate with 409 and a sentence', async () => {
    const pending = await firmWithCertificate({ decide: null });
    const byOwner = await pending.owner.client.post(`/api/firms/${pending.firmId}/tax-certificates/${pending.certificateId}/withdraw`, {});
    expect(byOwner.status).toBe(409);
    expect(byOwner.body.message).toBe('This certificate is not verified yet: it exempts nothing, so there is nothing to withdraw.');
    const rejected = await firmWithCertificate({ decide: 'reject' });
    const byCounter = await admin.post(`/api/admin/tax-certificates/${rejected.certificateId}/withdraw`, { reason: 'Revoked.' });
    expect(byCounter.status).toBe(409);
    expect(byCounter.body.message).toBe('This certificate was rejected: it exempts nothing, so there is nothing to withdraw.');
    expect((await admin.post('/api/admin/tax-certificates/00000000-0000-4000-8000-000000000000/withdraw', { reason: 'x' })).status).toBe(404);
    const rows =
      await shop.sql`select status from firm_tax_certificates where id in ${shop.sql([pending.certificateId, rejected.certificateId])} order by status`;
    expect(rows.map((r) => r.status)).toEqual(['pending', 'rejected']);
    expect(await certificateEmails(pending.owner.email)).toEqual([]);
  });
});

describe('a certificate without an expiry date', () => {
  it('verified 12 months and a day ago no longer exempts, until the counter verifies it again', async () => {
    const { owner, certificateId } = await firmWithCertificate({ expiresOn: '' });
    expect((await placePickup(owner)).amounts.tax).toBe(0);

    await verifiedAgo(certificateId, '12 months 1 day');
    const lapsed = await placePickup(owner);
    expect(lapsed.amounts.tax).toBeGreaterThan(0);
    expect(lapsed.amounts.taxExemption).toBeNull();
    const [listed] = (await owner.client.get('/api/my-firm')).body.firm.certificates;
    expect(listed).toMatchObject({ id: certificateId, status: 'expired', renewalDue: true, expiresOn: null });
    // Expired is not withdrawable: it exempts nothing already.
    expect((await admin.post(`/api/admin/tax-certificates/${certificateId}/withdraw`, { reason: 'Old.' })).status).toBe(409);

    const again = await admin.post(`/api/admin/tax-certificates/${certificateId}/verify`);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ status: 'verified', renewalDue: false });
    expect((await placePickup(owner)).amounts.tax).toBe(0);
    const verifiedEmails = (await certificateEmails(owner.email)).filter((e) => e.kind === 'tax_certificate_verified');
    expect(verifiedEmails).toHaveLength(2);
  });

  it('still exempts two days before its 12 months end, and cannot be verified again before its last month', async () => {
    const { owner, certificateId } = await firmWithCertificate({ expiresOn: '' });
    const early = await admin.post(`/api/admin/tax-certificates/${certificateId}/verify`);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^This certificate is already verified, through \d{4}-\d{2}-\d{2}\.$/);
    await verifiedAgo(certificateId, '12 months - 2 days');
    expect((await placePickup(owner)).amounts.tax).toBe(0);
    const [listed] = (await owner.client.get('/api/my-firm')).body.firm.certificates;
    expect(listed).toMatchObject({ status: 'verified', renewalDue: true });
  });

  it('a certificate with an expiry date past it cannot be verified again: the firm files a current one', async () => {
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const { certificateId } = await firmWithCertificate({ expiresOn: yesterday });
    const res = await admin.post(`/api/admin/tax-certificates/${certificateId}/verify`);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('the firm can file a current one');
  });

  it('its owners are reminded once a month before it stops exempting, and once more after each new verification', async () => {
    const due = await firmWithCertificate({ expiresOn: '' });
    const notYet = await firmWithCertificate({ expiresOn: '' });
    const dated = await firmWithCertificate({ expiresOn: '2099-12-31' });
    await verifiedAgo(due.certificateId, '11 months 1 day');
    await verifiedAgo(notYet.certificateId, '10 months');
    await verifiedAgo(dated.certificateId, '11 months 1 day');

    await shop.runCron('firm_tax_certificates__remind');
    await shop.runCron('firm_tax_certificates__remind');
    const reminders = async (to: string) => (await certificateEmails(to)).filter((e) => e.kind === 'tax_certificate_renewal');
    const sent = await reminders(due.owner.email);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toMatch(/^Your tax-exempt certificate needs verifying again by /);
    expect(sent[0].text_body).toContain('NJ ST-5 exempt organization #EO-12345 has no expiry date');
    expect(sent[0].text_body).toContain('/firm');
    expect(await reminders(due.member.email)).toEqual([]);
    expect(await reminders(notYet.owner.email)).toEqual([]);
    expect(await reminders(dated.owner.email)).toEqual([]);

    // Verified again: a new year, and a new reminder when its last month comes.
    expect((await admin.post(`/api/admin/tax-certificates/${due.certificateId}/verify`)).status).toBe(200);
    await shop.runCron('firm_tax_certificates__remind');
    expect(await reminders(due.owner.email)).toHaveLength(1);
    await verifiedAgo(due.certificateId, '11 months 2 days');
    await shop.runCron('firm_tax_certificates__remind');
    await shop.runCron('firm_tax_certificates__remind');
    expect(await reminders(due.owner.email)).toHaveLength(2);
  });
});
