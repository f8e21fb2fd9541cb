/**
 * The authorization matrix: every API route × {stranger, customer A, customer B, admin}, with the
 * status each must get. Customer A owns the upload and the orders; B is another signed-in customer;
 * the stranger is a browser with no cookie; the admin has only the admin session. The table is
 * checked against the routes the app really mounts, so a new route without a row fails the test.
 */
import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from '../../api/src/app';
import { startTestShop, type TestShop } from '../helpers/shop';
import { TestClient } from '../helpers/client';
import { buildOrder, buildUser } from '../helpers/factories';
import { makeDrawingPdf, ARCH_D } from '../helpers/pdf';
import type { OrderRow } from '../../api/src/presenters/order';
import { revisionOverlayKey } from '#core/services/storage/keys';

type Who = 'stranger' | 'A' | 'B' | 'admin';
const WHO: Who[] = ['stranger', 'A', 'B', 'admin'];

type Fixtures = {
  uploadA: string;
  orderA: OrderRow;
  shippedA: OrderRow;
  intentOrderA: string;
  exportId: string;
  pdf: Buffer;
  /** A's firm (A owns it; B and the admin are outside it), its project, an invite to withdraw and the link of another, to a third address. */
  userA: string;
  /** An address in A's address book, and one in A's firm's. */
  addressA: string;
  firmAddressA: string;
  firmA: string;
  projectA: string;
  inviteA: string;
  /** Two pending certificates of A's firm: one to verify (then withdraw), one to reject. */
  certificatesA: string[];
  inviteToken: string;
  /** Two invoices of A's firm (on Net 30 terms): one to pay by card, one for the counter to mark paid. */
  invoicesA: string[];
  /** A's revision of orderA, with an overlay on its first sheet. */
  revisionA: string;
  /** A paid order a colleague of A placed for A's firm: A reads it and may revise it, but not pay for it. */
  colleagueOrderA: OrderRow;
};

type Row = {
  /** Method and path pattern exactly as the router declares it. */
  route: string;
  /** The concrete request (defaults: the pattern with fixtures filled in, no body). */
  path: (f: Fixtures) => string;
  json?: (f: Fixtures, who: Who) => unknown;
  multipart?: boolean;
  /** The request signs the browser in as someone new, ending the identity's own session: run last. */
  signsIn?: boolean;
  /** Expected status for stranger, A, B, admin. */
  expect: [number, number, number, number];
  /** Extra per-identity checks on the body. */
  check?: (who: Who, body: any, f: Fixtures) => void;
};

const ADMIN_ONLY: Row['expect'] = [401, 401, 401, 200];
/** The printer a fresh shop has (the migration's hot folder). */
const COUNTER_PLOTTER = '00000000-0000-4000-8000-000000000001';
/** An id that names nothing. */
const NO_SUCH_ID = '7f6f5f8e-1b1c-4a55-9c55-1c2b3d4e5f60';
const EVERYONE = (s: number): Row['expect'] => [s, s, s, s];
const OWNER_OR_ADMIN: Row['expect'] = [404, 200, 404, 200];

const unique = () => randomBytes(4).toString('hex');
const address = { street1: '1 Main St', street2: '', city: 'Albany', state: 'NY', zipCode: '12207' };

/**
 * The table, in the order it runs. Rows that end a session (logout) come last so they do not
 * change the identity of the rows before them.
 */
const ROWS: Row[] = [
  { route: 'GET /api/health', path: () => '/api/health', expect: EVERYONE(200) },
  { route: 'GET /api/config', path: () => '/api/config', expect: EVERYONE(200) },
  {
    route: 'GET /api/turnaround',
    path: () => '/api/turnaround?at=2026-11-23T10:00:00-05:00',
    expect: EVERYONE(200),
    check: (_who, body) => expect(body.regular.text).toBe('Today by 6:00 PM'),
  },
  { route: 'GET /api/login', path: () => '/api/login', expect: EVERYONE(302) },

  // Uploads: anyone may upload; only the uploading browser (and the admin) sees an upload.
  { route: 'POST /api/upload-pdf', path: () => '/api/upload-pdf', multipart: true, expect: EVERYONE(202) },
  // Which way to upload (here, without S3: the multipart route) is anyone's to ask.
  { route: 'POST /api/uploads', path: () => '/api/uploads', json: () => ({ fileName: 'A.pdf', fileSize: 1000 }), expect: EVERYONE(200) },
  // Completing an upload that is already in: the same 202 for whoever may see it.
  { route: 'POST /api/uploads/:uploadId/complete', path: (f) => `/api/uploads/${f.uploadA}/complete`, json: () => ({}), expect: [404, 202, 404, 202] },
  { route: 'GET /api/uploads/:uploadId', path: (f) => `/api/uploads/${f.uploadA}`, expect: OWNER_OR_ADMIN },
  { route: 'GET /api/uploads/:uploadId/preview/:page', path: (f) => `/api/uploads/${f.uploadA}/preview/1`, expect: OWNER_OR_ADMIN },
  // Leaving sheets out of a ready file: refused in a sentence to whoever may see it, not there for anyone else.
  {
    route: 'POST /api/uploads/:uploadId/leave-out',
    path: (f) => `/api/uploads/${f.uploadA}/leave-out`,
    json: () => ({ pages: [1] }),
    expect: [404, 400, 404, 400],
  },
  // The enlarged preview: 202 while the worker draws it, for whoever may see the upload.
  { route: 'GET /api/uploads/:uploadId/preview/:page/large', path: (f) => `/api/uploads/${f.uploadA}/preview/1/large`, expect: [404, 202, 404, 202] },
  // Sorting a set reads its title blocks: only for whoever may see every file of it.
  { route: 'POST /api/uploads/sort', path: () => '/api/uploads/sort', json: (f) => ({ uploadIds: [f.uploadA] }), expect: OWNER_OR_ADMIN },

  // Checkout.
  {
    route: 'POST /api/shipping-rates',
    path: () => '/api/shipping-rates',
    json: () => ({ toAddress: address, printSize: '24x36', pageCount: 3 }),
    expect: EVERYONE(200),
  },
  {
    route: 'POST /api/create-payment-intent',
    path: () => '/api/create-payment-intent',
    json: (f) => ({
      uploadId: f.uploadA,
      printSize: '24x36',
      printType: 'bw',
      rushOrder: false,
      shippingMethod: 'pickup',
      customerEmail: 'a@example.com',
      customerFirstName: 'Ada',
      customerLastName: 'A',
      customerPhone: '2015550100',
    }),
    // 201: a new order for A each time.
    expect: [404, 201, 404, 404],
  },
  // A revision's reprint: whoever may read the revision (as GET /api/revisions/:id), its files being the revision's.
  {
    route: 'POST /api/create-payment-intent',
    path: () => '/api/create-payment-intent',
    json: (f) => ({ revisionId: f.revisionA, printPositions: [1], printSize: '24x36', printType: 'bw', shippingMethod: 'pickup' }),
    expect: [404, 201, 404, 201],
  },
  // A declined test card changes nothing, so whoever may read the order can try it; the order is
  // unpaid, which the admin does not see (every admin read of an unpaid order is 404).
  {
    route: 'POST /api/payments/demo/confirm',
    path: () => '/api/payments/demo/confirm',
    json: (f) => ({ orderId: f.intentOrderA, cardNumber: '4000 0000 0000 0002' }),
    expect: [404, 200, 404, 404],
  },
  // Stripe is not configured here (the demo provider is): the endpoint says so to everyone.
  {
    route: 'POST /api/webhooks/stripe',
    path: () => '/api/webhooks/stripe',
    json: () => ({ id: 'evt_forged', type: 'payment_intent.succeeded' }),
    expect: EVERYONE(404),
  },

  // Orders: the owner, the admin or the order's access token; 404 for anyone else.
  {
    route: 'GET /api/orders/:id',
    path: (f) => `/api/orders/${f.orderA.id}`,
    expect: OWNER_OR_ADMIN,
    check: (who, body, f) => who !== 'stranger' && who !== 'B' && expect(body.id).toBe(f.orderA.id),
  },
  { route: 'GET /api/orders/:id', path: (f) => `/api/orders/${f.orderA.id}?token=${f.orderA.access_token}`, expect: EVERYONE(200) },
  { route: 'GET /api/orders/:id', path: (f) => `/api/orders/${f.orderA.id}?token=${f.shippedA.access_token}`, expect: OWNER_OR_ADMIN },
  { route: 'GET /api/orders/:id/receipt', path: (f) => `/api/orders/${f.orderA.id}/receipt`, expect: OWNER_OR_ADMIN },
  { route: 'GET /api/orders/:id/receipt', path: (f) => `/api/orders/${f.orderA.id}/receipt?token=${f.orderA.access_token}`, expect: EVERYONE(200) },
  // A firm's orders are shared, read-only, with every member: the list shows them, so they open.
  {
    route: 'GET /api/orders/:id',
    path: (f) => `/api/orders/${f.colleagueOrderA.id}`,
    expect: OWNER_OR_ADMIN,
    check: (who, body, f) => who === 'A' && expect(body.id).toBe(f.colleagueOrderA.id),
  },
  { route: 'GET /api/orders/:id/receipt', path: (f) => `/api/orders/${f.colleagueOrderA.id}/receipt`, expect: OWNER_OR_ADMIN },
  // Paying or ordering it again stays with whoever placed it.
  {
    route: 'POST /api/payments/demo/confirm',
    path: () => '/api/payments/demo/confirm',
    json: (f) => ({ orderId: f.colleagueOrderA.id, cardNumber: '4242 4242 4242 4242' }),
    // The admin reads any paid order: already paid, it answers so.
    expect: [404, 404, 404, 200],
  },
  { route: 'POST /api/orders/:id/reorder', path: (f) => `/api/orders/${f.colleagueOrderA.id}/reorder`, expect: [404, 404, 404, 404] },
  {
    route: 'GET /api/orders',
    path: () => '/api/orders',
    expect: [401, 200, 200, 401],
    check: (who, body, f) => {
      const ids = (Array.isArray(body) ? body : (body.orders ?? [])).map((o: { id: string }) => o.id);
      if (who === 'A') expect(ids).toContain(f.orderA.id);
      if (who === 'B') expect(ids).not.toContain(f.orderA.id);
    },
  },
  {
    route: 'GET /api/orders',
    path: () => '/api/orders?scope=firm',
    // B belongs to no firm: 404, as on every firm route.
    expect: [401, 200, 404, 401],
    check: (who, body) => who === 'A' && expect(Array.isArray(body)).toBe(true),
  },
  {
    route: 'GET /api/orders',
    path: (f) => `/api/orders?scope=firm&placedBy=${f.userA}`,
    expect: [401, 200, 404, 401],
    check: (who, body) => who === 'A' && expect(Array.isArray(body)).toBe(true),
  },
  // Only the placer withdraws, and only an order waiting for approval (orderA never did).
  { route: 'POST /api/orders/:id/withdraw', path: (f) => `/api/orders/${f.orderA.id}/withdraw`, expect: [404, 404, 404, 404] },
  // Only the placer pays, and only an order that went to approval (orderA never did).
  { route: 'POST /api/orders/:id/pay', path: (f) => `/api/orders/${f.orderA.id}/pay`, expect: [404, 404, 404, 404] },
  { route: 'POST /api/orders/:id/reorder', path: (f) => `/api/orders/${f.orderA.id}/reorder`, expect: [404, 201, 404, 404] },

  // Revisions: only whoever may see the previous order starts one (with their own uploads: the admin has none).
  {
    route: 'POST /api/revisions',
    path: () => '/api/revisions',
    json: (f) => ({ previousOrderId: f.orderA.id, uploadIds: [f.uploadA] }),
    expect: [404, 202, 404, 404],
  },
  // A revises the set a colleague ordered for the firm.
  {
    route: 'POST /api/revisions',
    path: () => '/api/revisions',
    json: (f) => ({ previousOrderId: f.colleagueOrderA.id, uploadIds: [f.uploadA] }),
    expect: [404, 202, 404, 404],
  },
  { route: 'GET /api/revisions/:id', path: (f) => `/api/revisions/${f.revisionA}`, expect: OWNER_OR_ADMIN },
  {
    route: 'GET /api/revisions/:id/sheets/:position/overlay.png',
    path: (f) => `/api/revisions/${f.revisionA}/sheets/1/overlay.png`,
    expect: OWNER_OR_ADMIN,
  },

  // Guest tracking: the same answer for everyone.
  { route: 'POST /api/orders/lookup', path: () => '/api/orders/lookup', json: (f) => ({ email: f.orderA.customer_email }), expect: EVERYONE(202) },
  { route: 'GET /api/orders/lookup', path: () => `/api/orders/lookup?token=${unique()}`, expect: EVERYONE(404) },
  {
    route: 'GET /api/orders/lookup',
    path: (f) => `/api/orders/lookup?email=${encodeURIComponent(f.orderA.customer_email)}&orderNumber=${f.orderA.id.slice(-8).toUpperCase()}`,
    expect: EVERYONE(200),
    check: (_who, body) => {
      expect(body).toHaveLength(1);
      // The status and its promise, and a link to the order page: never its access token.
      expect(Object.keys(body[0]).sort()).toEqual(['createdAt', 'id', 'orderNumber', 'readyBy', 'readyByText', 'status', 'statusText', 'url']);
      expect(body[0].url).toMatch(/^\/orders\/[0-9a-f-]{36}$/);
    },
  },

  // Accounts.
  {
    route: 'POST /api/auth/register',
    path: () => '/api/auth/register',
    json: () => ({
      email: `new-${unique()}@example.com`,
      password: 'a-long-password-1',
      confirmPassword: 'a-long-password-1',
      firstName: 'New',
      lastName: 'Person',
    }),
    signsIn: true,
    expect: EVERYONE(201),
  },
  {
    route: 'POST /api/auth/login',
    path: () => '/api/auth/login',
    json: () => ({ email: 'nobody@example.com', password: 'wrong-password' }),
    expect: EVERYONE(401),
  },
  {
    route: 'GET /api/auth/user',
    path: () => '/api/auth/user',
    expect: [401, 200, 200, 401],
    check: (who, body) => who === 'A' && expect(JSON.stringify(body)).not.toMatch(/password|hash/i),
  },
  { route: 'POST /api/auth/forgot-password', path: () => '/api/auth/forgot-password', json: () => ({ email: 'someone@example.com' }), expect: EVERYONE(202) },
  {
    route: 'POST /api/auth/reset-password',
    path: () => '/api/auth/reset-password',
    json: () => ({ token: unique(), password: 'a-long-password-2', confirmPassword: 'a-long-password-2' }),
    expect: EVERYONE(400),
  },
  { route: 'POST /api/auth/verify-email', path: () => '/api/auth/verify-email', json: () => ({ token: unique() }), expect: EVERYONE(400) },
  { route: 'POST /api/auth/resend-verification', path: () => '/api/auth/resend-verification', expect: [401, 202, 202, 401] },

  // Firms: 404 to anyone outside the firm (the stranger, B, the admin), whatever the request.
  // A owns a firm already (409); B founds one here, after the rows that need B outside any firm.
  { route: 'POST /api/firms', path: () => '/api/firms', json: () => ({ name: 'Matrix Firm' }), expect: [401, 409, 201, 401] },
  {
    route: 'GET /api/my-firm',
    path: () => '/api/my-firm',
    expect: [401, 200, 200, 401],
    check: (who, body, f) => who === 'A' && expect(body.firm.id).toBe(f.firmA),
  },
  {
    route: 'GET /api/firms/:firmId',
    path: (f) => `/api/firms/${f.firmA}`,
    expect: [404, 200, 404, 404],
    check: (who, body, f) => who === 'A' && expect(body.id).toBe(f.firmA),
  },
  { route: 'PATCH /api/firms/:firmId', path: (f) => `/api/firms/${f.firmA}`, json: () => ({ name: 'Matrix Firm' }), expect: [404, 200, 404, 404] },
  {
    route: 'POST /api/firms/:firmId/invites',
    path: (f) => `/api/firms/${f.firmA}/invites`,
    json: () => ({ email: `invitee-${unique()}@example.com` }),
    expect: [404, 201, 404, 404],
  },
  // Only A, the owner, may withdraw the invite (once: the table asks each identity once).
  { route: 'DELETE /api/firms/:firmId/invites/:inviteId', path: (f) => `/api/firms/${f.firmA}/invites/${f.inviteA}`, expect: [404, 200, 404, 404] },
  // Giving a role is the owner's: A gets past the door (and is told an owner's role is not changed here).
  {
    route: 'PATCH /api/firms/:firmId/members/:userId',
    path: (f) => `/api/firms/${f.firmA}/members/${f.userA}`,
    json: () => ({ role: 'approver' }),
    expect: [404, 409, 404, 404],
  },
  // A cannot leave as the firm's last owner; nobody outside learns who is in it.
  { route: 'DELETE /api/firms/:firmId/members/:userId', path: (f) => `/api/firms/${f.firmA}/members/${f.userA}`, expect: [404, 409, 404, 404] },
  {
    route: 'POST /api/firms/:firmId/projects',
    path: (f) => `/api/firms/${f.firmA}/projects`,
    json: () => ({ name: 'Matrix project', code: `M-${unique()}` }),
    expect: [404, 201, 404, 404],
  },
  // Any member changes a project (as any member adds one): A renames it to itself.
  {
    route: 'PATCH /api/firms/:firmId/projects/:projectId',
    path: (f) => `/api/firms/${f.firmA}/projects/${f.projectA}`,
    json: () => ({ name: 'Matrix tower' }),
    expect: [404, 200, 404, 404],
  },
  // Orders waiting for approval are for owners and approvers: A owns the firm (none wait).
  { route: 'GET /api/firms/:firmId/approvals', path: (f) => `/api/firms/${f.firmA}/approvals`, expect: [404, 200, 404, 404] },
  // A gets past the door and is told orderA never went to approval; nobody else learns it exists.
  { route: 'GET /api/firms/:firmId/approvals/:orderId', path: (f) => `/api/firms/${f.firmA}/approvals/${f.orderA.id}`, expect: [404, 404, 404, 404] },
  {
    route: 'POST /api/firms/:firmId/approvals/:orderId',
    path: (f) => `/api/firms/${f.firmA}/approvals/${f.orderA.id}`,
    json: () => ({ decision: 'approve' }),
    expect: [404, 404, 404, 404],
  },
  // The month's spend is for owners and approvers: A owns the firm.
  { route: 'GET /api/firms/:firmId/reports/spend', path: (f) => `/api/firms/${f.firmA}/reports/spend?month=2026-10`, expect: [404, 200, 404, 404] },
  {
    route: 'GET /api/firms/:firmId/projects/:projectId/statement',
    path: (f) => `/api/firms/${f.firmA}/projects/${f.projectA}/statement`,
    expect: [404, 200, 404, 404],
  },
  // Filing a certificate is the owner's: A gets past the door (and is told the form is wrong).
  { route: 'POST /api/firms/:firmId/tax-certificates', path: (f) => `/api/firms/${f.firmA}/tax-certificates`, json: () => ({}), expect: [404, 400, 404, 404] },
  // Withdrawing is the owner's: A gets past the door (and is told the certificate is still pending).
  {
    route: 'POST /api/firms/:firmId/tax-certificates/:certificateId/withdraw',
    path: (f) => `/api/firms/${f.firmA}/tax-certificates/${f.certificatesA[0]}/withdraw`,
    expect: [404, 409, 404, 404],
  },
  // A's invoices: any member reads the PDF; paying is the owner's (A gets the card intent).
  {
    route: 'GET /api/firms/:firmId/invoices/:invoiceId/pdf',
    path: (f) => `/api/firms/${f.firmA}/invoices/${f.invoicesA[0]}/pdf`,
    expect: [404, 200, 404, 404],
  },
  {
    route: 'POST /api/firms/:firmId/invoices/:invoiceId/pay',
    path: (f) => `/api/firms/${f.firmA}/invoices/${f.invoicesA[0]}/pay`,
    expect: [404, 200, 404, 404],
    check: (who, body) => who === 'A' && expect(body.clientSecret).toEqual(expect.any(String)),
  },
  // The invite's link names its firm and inviter to whoever holds it, as the email does.
  {
    route: 'GET /api/firm-invites',
    path: (f) => `/api/firm-invites?token=${encodeURIComponent(f.inviteToken)}`,
    expect: EVERYONE(200),
    check: (_who, body) => expect(Object.keys(body).sort()).toEqual(['email', 'firmName', 'invitedBy']),
  },
  // The invite went to a third address: neither A nor B may accept it.
  { route: 'POST /api/firm-invites/accept', path: () => '/api/firm-invites/accept', json: (f) => ({ token: f.inviteToken }), expect: [401, 403, 403, 401] },

  // The address book: each signed-in person's own.
  {
    route: 'GET /api/addresses',
    path: () => '/api/addresses',
    expect: [401, 200, 200, 401],
    check: (who, body, f) => {
      if (who === 'A') expect(body.map((a: { id: string }) => a.id)).toEqual(expect.arrayContaining([f.addressA, f.firmAddressA]));
      if (who === 'B') expect(body.map((a: { id: string }) => a.id)).not.toContain(f.addressA);
      if (who === 'B') expect(body.map((a: { id: string }) => a.id)).not.toContain(f.firmAddressA);
    },
  },
  { route: 'POST /api/addresses', path: () => '/api/addresses', json: () => address, expect: [401, 201, 201, 401] },
  { route: 'DELETE /api/addresses/:id', path: (f) => `/api/addresses/${f.addressA}`, expect: [401, 200, 404, 401] },
  // The firm's book: each saves in their own firm's (B made a firm of its own above); A's firm's address is not B's to remove.
  { route: 'POST /api/addresses', path: () => '/api/addresses', json: () => ({ ...address, scope: 'firm' }), expect: [401, 201, 201, 401] },
  { route: 'DELETE /api/addresses/:id', path: (f) => `/api/addresses/${f.firmAddressA}`, expect: [401, 200, 404, 401] },

  // Admin: 401 without the admin session, whatever customer session is present.
  { route: 'POST /api/admin/login', path: () => '/api/admin/login', json: () => ({ username: 'admin', password: 'not-the-password' }), expect: EVERYONE(401) },
  {
    route: 'GET /api/admin/auth/status',
    path: () => '/api/admin/auth/status',
    expect: EVERYONE(200),
    check: (who, body) => expect(body.isAuthenticated).toBe(who === 'admin'),
  },
  { route: 'GET /api/admin/orders', path: () => '/api/admin/orders', expect: ADMIN_ONLY },
  { route: 'GET /api/admin/order-counts', path: () => '/api/admin/order-counts', expect: ADMIN_ONLY },
  { route: 'PATCH /api/orders/:id/status', path: (f) => `/api/orders/${f.orderA.id}/status`, json: () => ({ status: 'processing' }), expect: ADMIN_ONLY },
  {
    route: 'POST /api/admin/orders/:id/status/undo',
    path: (f) => `/api/admin/orders/${f.orderA.id}/status/undo`,
    json: () => ({ historyId: '999999999' }),
    expect: [401, 401, 401, 409],
  },
  { route: 'GET /api/admin/orders/:id/history', path: (f) => `/api/admin/orders/${f.orderA.id}/history`, expect: ADMIN_ONLY },
  { route: 'GET /api/admin/pdf/:orderId', path: (f) => `/api/admin/pdf/${f.orderA.id}`, expect: ADMIN_ONLY },
  { route: 'POST /api/admin/generate-label/:orderId', path: (f) => `/api/admin/generate-label/${f.shippedA.id}`, expect: ADMIN_ONLY },
  { route: 'GET /api/admin/shipping-label/:orderId', path: (f) => `/api/admin/shipping-label/${f.shippedA.id}`, expect: ADMIN_ONLY },
  { route: 'GET /api/admin/job-ticket/:orderId', path: (f) => `/api/admin/job-ticket/${f.orderA.id}`, expect: ADMIN_ONLY },
  { route: 'GET /api/admin/orders/:id/print-files', path: (f) => `/api/admin/orders/${f.orderA.id}/print-files`, expect: ADMIN_ONLY },
  { route: 'GET /api/admin/print-files/:batchId', path: () => `/api/admin/print-files/${NO_SUCH_ID}`, expect: [401, 401, 401, 404] },
  { route: 'GET /api/admin/printers', path: () => '/api/admin/printers', expect: ADMIN_ONLY },
  {
    route: 'POST /api/admin/printers',
    path: () => '/api/admin/printers',
    json: () => ({ name: 'Matrix plotter', connection: { kind: 'folder' }, papers: ['24x36'], color: false, sheetsPerHour: 60 }),
    expect: [401, 401, 401, 201],
  },
  { route: 'GET /api/admin/printers/:printerId', path: () => `/api/admin/printers/${COUNTER_PLOTTER}`, expect: ADMIN_ONLY },
  {
    route: 'PATCH /api/admin/printers/:printerId',
    path: () => `/api/admin/printers/${COUNTER_PLOTTER}`,
    json: () => ({ sheetsPerHour: 120 }),
    expect: ADMIN_ONLY,
  },
  { route: 'DELETE /api/admin/printers/:printerId', path: () => `/api/admin/printers/${NO_SUCH_ID}`, expect: [401, 401, 401, 404] },
  { route: 'GET /api/admin/production', path: () => '/api/admin/production', expect: ADMIN_ONLY },
  { route: 'GET /api/admin/production/printed', path: () => '/api/admin/production/printed', expect: ADMIN_ONLY },
  {
    route: 'POST /api/admin/production/:batchId/send',
    path: () => `/api/admin/production/${NO_SUCH_ID}/send`,
    json: () => ({ printerId: COUNTER_PLOTTER }),
    expect: [401, 401, 401, 404],
  },
  {
    route: 'POST /api/admin/production/:batchId/reprint',
    path: () => `/api/admin/production/${NO_SUCH_ID}/reprint`,
    json: () => ({ pages: [2] }),
    expect: [401, 401, 401, 404],
  },
  {
    route: 'POST /api/admin/export-files',
    path: () => '/api/admin/export-files',
    json: (f) => ({ orderIds: [f.orderA.id], exportFormat: 'zip' }),
    expect: ADMIN_ONLY,
  },
  { route: 'GET /api/admin/export-status/:exportId', path: (f) => `/api/admin/export-status/${f.exportId}`, expect: ADMIN_ONLY },
  { route: 'GET /api/admin/export-download/:exportId', path: (f) => `/api/admin/export-download/${f.exportId}`, expect: ADMIN_ONLY },
  { route: 'GET /api/admin/tax-certificates', path: () => '/api/admin/tax-certificates', expect: ADMIN_ONLY },
  { route: 'GET /api/admin/tax-certificates/:id/file', path: (f) => `/api/admin/tax-certificates/${f.certificatesA[0]}/file`, expect: ADMIN_ONLY },
  { route: 'POST /api/admin/tax-certificates/:id/verify', path: (f) => `/api/admin/tax-certificates/${f.certificatesA[0]}/verify`, expect: ADMIN_ONLY },
  // The certificate the row above verified.
  {
    route: 'POST /api/admin/tax-certificates/:id/withdraw',
    path: (f) => `/api/admin/tax-certificates/${f.certificatesA[0]}/withdraw`,
    json: () => ({ reason: 'Revoked by the state' }),
    expect: ADMIN_ONLY,
  },
  {
    route: 'POST /api/admin/tax-certificates/:id/reject',
    path: (f) => `/api/admin/tax-certificates/${f.certificatesA[1]}/reject`,
    json: () => ({ reason: 'Not legible' }),
    expect: ADMIN_ONLY,
  },
  { route: 'GET /api/admin/firms', path: () => '/api/admin/firms', expect: ADMIN_ONLY },
  {
    route: 'PATCH /api/admin/firms/:firmId',
    path: (f) => `/api/admin/firms/${f.firmA}`,
    json: () => ({ terms: 'net30', creditLimit: 5000 }),
    expect: ADMIN_ONLY,
  },
  { route: 'GET /api/admin/invoices', path: () => '/api/admin/invoices?status=open', expect: ADMIN_ONLY },
  { route: 'GET /api/admin/invoices/:invoiceId/pdf', path: (f) => `/api/admin/invoices/${f.invoicesA[0]}/pdf`, expect: ADMIN_ONLY },
  { route: 'POST /api/admin/invoices/:invoiceId/mark-paid', path: (f) => `/api/admin/invoices/${f.invoicesA[1]}/mark-paid`, expect: ADMIN_ONLY },
  { route: 'GET /api/admin/emails', path: (f) => `/api/admin/emails?orderId=${f.orderA.id}`, expect: ADMIN_ONLY },

  // Last: signing out (each identity's own session).
  { route: 'POST /api/admin/logout', path: () => '/api/admin/logout', expect: ADMIN_ONLY },
  { route: 'POST /api/auth/logout', path: () => '/api/auth/logout', expect: EVERYONE(200) },
];

/** Every route named in /work/shared/CONTRACT.md: each must have a row. */
const CONTRACT_ROUTES = [
  'GET /api/health',
  'POST /api/upload-pdf',
  'GET /api/uploads/:uploadId',
  'POST /api/shipping-rates',
  'POST /api/create-payment-intent',
  'POST /api/webhooks/stripe',
  'POST /api/payments/demo/confirm',
  'GET /api/orders/:id',
  'GET /api/orders/:id/receipt',
  'GET /api/orders',
  'POST /api/orders/lookup',
  'GET /api/orders/lookup',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'GET /api/auth/user',
  'POST /api/auth/logout',
  'POST /api/admin/login',
  'GET /api/admin/auth/status',
  'POST /api/admin/logout',
  'GET /api/admin/orders',
  'PATCH /api/orders/:id/status',
  'GET /api/admin/pdf/:orderId',
  'POST /api/admin/generate-label/:orderId',
  'GET /api/admin/shipping-label/:orderId',
  'POST /api/admin/export-files',
  'GET /api/admin/export-status/:exportId',
  'GET /api/admin/export-download/:exportId',
  'GET /api/admin/emails',
];

type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };

/** Every "METHOD /path" the app mounts, walking nested routers. */
function mountedRoutes(app: Express): string[] {
  const found = new Set<string>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') found.add(`${method.toUpperCase()} ${layer.route.path}`);
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return [...found].filter((r) => r.split(' ')[1].startsWith('/api/')).sort();
}

let shop: TestShop;
let f: Fixtures;
const cookies = new Map<Who, string>();

async function signUpAndIn(email: string): Promise<TestClient> {
  const c = shop.client();
  const reg = await c.post('/api/auth/register', {
    email,
    password: 'a-long-password-1',
    confirmPassword: 'a-long-password-1',
    firstName: 'Cus',
    lastName: 'Tomer',
  });
  expect(reg.status).toBe(201);
  const login = await c.post('/api/auth/login', { email, password: 'a-long-password-1' });
  expect(login.status).toBe(200);
  return c;
}

function clientAs(who: Who): TestClient {
  const c = shop.client();
  const cookie = cookies.get(who);
  if (cookie) c.setCookieHeader(cookie);
  return c;
}

beforeAll(async () => {
  shop = await startTestShop();
  const a = await signUpAndIn(`a-${unique()}@example.com`);
  const b = await signUpAndIn(`b-${unique()}@example.com`);
  const admin = shop.client();
  expect((await admin.post('/api/admin/login', { username: 'admin', password: 'blueprint-admin' })).status).toBe(200);

  const pdf = await makeDrawingPdf({ pages: 2, size: ARCH_D });
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'A-100.pdf');
  const up = await a.request('POST', '/api/upload-pdf', { body: form });
  expect(up.status).toBe(202);
  await shop.runJobs();
  const [{ id: userA }] = await shop.sql<
    { id: string }[]
  >`select user_id as id from sessions where sid in (select session_sid from uploads where id = ${up.body.uploadId})`;
  const orderA = await buildOrder(shop, { userId: userA, email: `a-guest-${unique()}@example.com` });
  const shippedA = await buildOrder(shop, { userId: userA, shippingMethod: 'shipping' });
  const intent = await a.post('/api/create-payment-intent', {
    uploadId: up.body.uploadId,
    printSize: '24x36',
    printType: 'bw',
    rushOrder: false,
    shippingMethod: 'pickup',
    customerEmail: 'a@example.com',
    customerFirstName: 'Ada',
    customerLastName: 'A',
    customerPhone: '2015550100',
  });
  expect(intent.status).toBe(201);
  const label = await admin.post(`/api/admin/generate-label/${shippedA.id}`);
  expect(label.status).toBe(200);
  const saved = await a.post('/api/addresses', { ...address, street1: '2 Main St' });
  expect(saved.status).toBe(201);
  const firm = await a.post('/api/firms', { name: 'A and Partners' });
  expect(firm.status).toBe(201);
  const firmAddress = await a.post('/api/addresses', { ...address, street1: '3 Main St', scope: 'firm' });
  expect(firmAddress.status).toBe(201);
  const project = await a.post(`/api/firms/${firm.body.firmId}/projects`, { name: 'Matrix tower', code: 'MT-1' });
  expect(project.status).toBe(201);
  const thirdAddress = `third-${unique()}@example.com`;
  expect((await a.post(`/api/firms/${firm.body.firmId}/invites`, { email: thirdAddress })).status).toBe(201);
  // A second invite, for the row that withdraws one.
  const invite = await a.post(`/api/firms/${firm.body.firmId}/invites`, { email: `withdrawn-${unique()}@example.com` });
  expect(invite.status).toBe(201);
  const [inviteEmail] = await shop.sql<{ text_body: string }[]>`select text_body from emails where to_address = ${thirdAddress}`;
  const inviteToken = decodeURIComponent(/firm-invite\?token=([^\s]+)/.exec(inviteEmail.text_body)?.[1] ?? '');
  const certificatesA: string[] = [];
  for (const number of ['ST5-1', 'ST5-2']) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ state: 'NJ', kind: 'ST-5 exempt organization', number })) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'st5.pdf');
    const filed = await a.request('POST', `/api/firms/${firm.body.firmId}/tax-certificates`, { body: form });
    expect(filed.status).toBe(201);
    certificatesA.push(filed.body.certificateId);
  }
  // Net 30 for A's firm, and two orders on its account.
  expect((await admin.patch(`/api/admin/firms/${firm.body.firmId}`, { terms: 'net30', creditLimit: 5000 })).status).toBe(200);
  const invoicesA: string[] = [];
  for (let i = 0; i < 2; i++) {
    const onAccount = await a.post('/api/create-payment-intent', {
      uploadId: up.body.uploadId,
      printSize: '24x36',
      printType: 'bw',
      shippingMethod: 'pickup',
      customerEmail: 'a@example.com',
      customerFirstName: 'Ada',
      customerLastName: 'A',
      paymentMethod: 'invoice',
    });
    expect(onAccount.status, onAccount.text).toBe(201);
    invoicesA.push(onAccount.body.invoice.id);
  }
  // A colleague in A's firm and a paid order of theirs placed for the firm.
  const colleague = await buildUser(shop, { email: `colleague-${unique()}@example.com` });
  await shop.sql`insert into firm_members (user_id, firm_id, role) values (${colleague.id}, ${firm.body.firmId}, 'member')`;
  const colleagueOrder = await buildOrder(shop, { userId: colleague.id, email: colleague.email });
  await shop.sql`update orders set firm_id = ${firm.body.firmId}, placed_by_user_id = ${colleague.id} where id = ${colleagueOrder.id}`;
  await shop.sql`update uploads set sheets_complete = true where id = ${colleagueOrder.upload_id}`;
  const exp = await admin.post('/api/admin/export-files', { orderIds: [orderA.id], exportFormat: 'zip' });
  expect(exp.status).toBe(200);
  // A made-up order's upload has no sheet report to wait for.
  await shop.sql`update uploads set sheets_complete = true where id = ${orderA.upload_id}`;
  const revision = await a.post('/api/revisions', { previousOrderId: orderA.id, uploadIds: [up.body.uploadId] });
  expect(revision.status).toBe(202);
  await shop.runJobs();
  // The made-up order has no sheet rows, so nothing was compared: give sheet 1 an overlay to fetch.
  await shop.sql`update revision_sheets set has_overlay = true where revision_id = ${revision.body.revisionId} and position = 1`;
  await shop.ctx.storage.put(revisionOverlayKey(revision.body.revisionId, 1, false), Buffer.from('png'), { contentType: 'image/png' });
  f = {
    uploadA: up.body.uploadId,
    orderA,
    shippedA,
    intentOrderA: intent.body.orderId,
    exportId: exp.body.exportId,
    pdf,
    userA,
    addressA: saved.body.id,
    firmAddressA: firmAddress.body.id,
    firmA: firm.body.firmId,
    projectA: project.body.projectId,
    inviteA: invite.body.inviteId,
    certificatesA,
    inviteToken,
    invoicesA,
    revisionA: revision.body.revisionId,
    colleagueOrderA: colleagueOrder,
  };
  cookies.set('A', a.cookieHeader());
  cookies.set('B', b.cookieHeader());
  cookies.set('admin', admin.cookieHeader());
}, 120_000);

afterAll(() => shop?.close());

describe('the authorization matrix', () => {
  it('every route in the contract, and every route the app mounts, has a row', () => {
    const inTable = new Set(ROWS.map((r) => r.route));
    expect(
      CONTRACT_ROUTES.filter((r) => !inTable.has(r)),
      'contract routes without a row',
    ).toEqual([]);
    const mounted = mountedRoutes(makeApp(shop.ctx, { serveClient: false }));
    expect(mounted.length).toBeGreaterThan(30);
    expect(
      mounted.filter((r) => !inTable.has(r)),
      'mounted routes without a row',
    ).toEqual([]);
    expect(
      [...inTable].filter((r) => !mounted.includes(r)),
      'rows for routes the app does not mount',
    ).toEqual([]);
  });

  it('answers each identity as the table says', { timeout: 120_000 }, async () => {
    const mismatches: string[] = [];
    // Rows that sign in as someone new end the identity's session on the server: after all the others.
    for (const row of [...ROWS.filter((r) => !r.signsIn), ...ROWS.filter((r) => r.signsIn)]) {
      for (const [i, who] of WHO.entries()) {
        // A fresh copy of the identity's cookies per request, so no row changes another's session.
        const client = clientAs(who);
        const path = row.path(f);
        const [method] = row.route.split(' ');
        let res;
        if (row.multipart) {
          const form = new FormData();
          form.append('pdf', new Blob([new Uint8Array(f.pdf)], { type: 'application/pdf' }), 'matrix.pdf');
          res = await client.request(method, path, { body: form });
        } else {
          res = await client.request(method, path, { json: row.json ? row.json(f, who) : method === 'GET' ? undefined : {} });
        }
        const want = row.expect[i];
        if (res.status !== want) {
          mismatches.push(`${row.route} (${path}) as ${who}: ${res.status}, expected ${want} ${res.text.slice(0, 120)}`);
          continue;
        }
        if (res.status >= 400) expect(typeof res.body?.message, `${row.route} as ${who} has no message`).toBe('string');
        row.check?.(who, res.body, f);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
