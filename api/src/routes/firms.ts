/**
 * Firm accounts: create a firm, see it, rename it, invite and remove people, accept an invite, add
 * projects. Every /api/firms/{firmId}... route answers 404 to anyone outside that firm (signed out,
 * another firm's member, the admin), before reading the body, so nothing tells an outsider the firm
 * exists; a member doing an owner's part gets 403.
 */
import { Router, type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context';
import { badRequest, forbidden, notFound, payloadTooLarge, tooManyRequests, unsupportedMediaType } from '#core/lib/errors';
import { createFirm, renameFirm, setFirmRules } from '#core/firms/commands/firms';
import { acceptInvite, BAD_INVITE, inviteToFirm, revokeInvite } from '#core/firms/commands/invites';
import { removeMember, setMemberRole } from '#core/firms/commands/members';
import { createProject, updateProject } from '#core/firms/commands/projects';
import { loadFirm } from '#core/firms/firmView';
import { isApprover, membershipOf, type Membership } from '#core/firms/membership';
import { firmName, firmProject, invitesSentToday, openInviteOfToken, personName, waitingOrders } from '#core/firms/queries';
import { decideApproval } from '#core/orders/commands/approvals';
import { orderById } from '#core/orders/queries';
import { queueApprovalOutcomeEmail, queueApprovedForCardEmail } from '#core/emails/approvals';
import { APPROVAL_WAIT_DAYS, ApprovalDecisionSchema } from '#shared/approval';
import { approvalOf, presentOrder } from '../presenters/order';
import { renderStatement, statementRows } from '#core/firms/statement';
import { renderSpendReport, spendCsv, spendLines, spendOrders } from '#core/firms/spendReport';
import { certificateContentType } from '#core/firms/certificates';
import { fileCertificate, withdrawCertificate } from '#core/firms/commands/certificates';
import { taxCertificateKey } from '#core/services/storage/keys';
import { shopFacts } from '#shared/shop';
import { dollarsToCents } from '#shared/money';
import { requireUser } from '../http/sessions';
import { validate } from '../middleware/validate';
import { readMultipart } from '../http/multipart';
import { clockDayField, uuidField, withoutInvisibleControls } from '#shared/fields';
import { counterToday, INVOICE_NOT_FOUND, invoicePdf, payInvoice, sendInvoicePdf } from '../http/invoices';

/** Control characters anywhere in a file name, dropped from the name kept. */
const CONTROL_CHARACTERS_ALL = /[\u0000-\u001f\u007f-\u009f]/g;
import {
  AcceptInviteSchema,
  FirmInviteSchema,
  FirmPatchSchema,
  FirmSchema,
  MemberRoleSchema,
  MAX_CERTIFICATE_BYTES,
  OwnerWithdrawCertificateSchema,
  isMonthAhead,
  ProjectPatchSchema,
  ProjectSchema,
  SPEND_MONTH_AHEAD,
  SpendReportQuerySchema,
  TaxCertificateSchema,
} from '#shared/firm';
import { randomUUID } from 'node:crypto';

export const FIRM_NOT_FOUND = 'Firm not found.';
export const OWNERS_ONLY = 'Only an owner of the firm can do that.';
export const APPROVERS_ONLY = 'Only an owner or an approver of the firm can do that.';
/** Invites one firm may send in a day: enough for any office, too few to be a way to send spam. */
export const INVITES_PER_DAY = 50;

/** The signed-in person's membership, found by firmAccess, for the handler. */
const membershipBy = new WeakMap<Request, Membership & { userId: string }>();

function membership(req: Request): Membership & { userId: string } {
  const found = membershipBy.get(req);
  if (!found) throw new Error('firmAccess() did not run for this request');
  return found;
}

/** Lets through only people of the firm in the path (owners only with `owner`; owners and approvers with `approver`). */
function firmAccess(ctx: AppContext, need: 'member' | 'approver' | 'owner') {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const firmId = uuidField.safeParse(req.params.firmId);
    const userId = req.shop.userId;
    if (!firmId.success || !userId) return next(notFound(FIRM_NOT_FOUND));
    const found = await membershipOf(ctx.sql, userId);
    if (!found || found.firmId !== firmId.data) return next(notFound(FIRM_NOT_FOUND));
    if (need === 'owner' && found.role !== 'owner') return next(forbidden(OWNERS_ONLY));
    if (need === 'approver' && !isApprover(found.role)) return next(forbidden(APPROVERS_ONLY));
    membershipBy.set(req, { ...found, userId });
    next();
  };
}

const firmBody = validate({ body: FirmSchema });
const firmPatchBody = validate({ body: FirmPatchSchema });
const projectPatch = validate({ params: z.object({ firmId: uuidField, projectId: uuidField }), body: ProjectPatchSchema }, 'Project not found.');
const inviteBody = validate({ body: FirmInviteSchema });
const acceptBody = validate({ body: AcceptInviteSchema });
const inviteQuery = validate({ query: AcceptInviteSchema });
const projectBody = validate({ body: ProjectSchema });
const inviteParams = validate({ params: z.object({ firmId: uuidField, inviteId: uuidField }) }, 'Invite not found.');
const statementInput = validate(
  {
    params: z.object({ firmId: uuidField, projectId: uuidField }),
    query: z.object({
      from: clockDayField('from must be a date (YYYY-MM-DD)').optional(),
      to: clockDayField('to must be a date (YYYY-MM-DD)').optional(),
    }),
  },
  'Project not found.',
);
const spendInput = validate({ query: SpendReportQuerySchema });
const APPROVAL_ORDER_NOT_FOUND = 'Order not found.';
const approvalParams = validate({ params: z.object({ firmId: uuidField, orderId: uuidField }) }, APPROVAL_ORDER_NOT_FOUND);
const approvalInput = validate({ params: z.object({ firmId: uuidField, orderId: uuidField }), body: ApprovalDecisionSchema }, APPROVAL_ORDER_NOT_FOUND);
const invoiceParams = validate({ params: z.object({ firmId: uuidField, invoiceId: uuidField }) }, INVOICE_NOT_FOUND);
const payInput = validate(
  {
    params: z.object({ firmId: uuidField, invoiceId: uuidField }),
    // Only the built-in test-mode provider takes the card here; with Stripe the browser confirms it.
    body: z.object({ cardNumber: z.string().trim().min(1, 'Please enter a card number').max(40).optional() }),
  },
  INVOICE_NOT_FOUND,
);
const withdrawCertificateInput = validate(
  { params: z.object({ firmId: uuidField, certificateId: uuidField }), body: OwnerWithdrawCertificateSchema },
  'Certificate not found.',
);
const memberRole = validate(
  { params: z.object({ firmId: uuidField, userId: uuidField }), body: MemberRoleSchema },
  'That person is not a member of this firm.',
);
const memberParams = validate({ params: z.object({ firmId: uuidField, userId: uuidField }) }, 'That person is not a member of this firm.');

export const CERTIFICATE_FORM = 'Send the certificate as multipart/form-data: the file in "file", with state, kind, number and expiresOn.';
export const CERTIFICATE_TOO_LARGE = 'The certificate file is larger than 10 MB. Please send a smaller scan or PDF.';
export const CERTIFICATE_NOT_A_DOCUMENT = 'The certificate must be a PDF, PNG or JPEG file.';

/** A certificate form, read into memory (10 MB at most): its text fields and its one file. */
function receiveCertificate(req: Request): Promise<{ fields: Record<string, string>; file: { bytes: Buffer; name: string } | null }> {
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; name: string } | null = null;
  let failure: Error | null = null;
  return readMultipart(req, {
    limits: { fileSize: MAX_CERTIFICATE_BYTES, files: 1, fields: 10, fieldSize: 1024 },
    notMultipart: badRequest(CERTIFICATE_FORM),
    unreadable: 'The certificate could not be read. Please try again.',
    tooManyFiles: badRequest('Send one certificate file at a time.'),
    onField(name, value) {
      fields[name] = value;
    },
    onFile({ field, stream, fileName }) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        failure = payloadTooLarge(CERTIFICATE_TOO_LARGE);
        stream.resume();
      });
      stream.on('end', () => {
        if (field === 'file') file = { bytes: Buffer.concat(chunks), name: fileName || 'certificate' };
      });
    },
    done() {
      if (failure) throw failure;
      return { fields, file };
    },
  });
}

export function firmRoutes(ctx: AppContext): Router {
  const router = Router();
  const member = firmAccess(ctx, 'member');
  const owner = firmAccess(ctx, 'owner');
  const approver = firmAccess(ctx, 'approver');

  router.post('/api/firms', requireUser, firmBody, async (req, res) => {
    const { name } = firmBody.input(req).body;
    const userId = req.shop.userId as string;
    const firmId = await ctx.sql.begin((tx) => createFirm(tx, { userId, name }));
    res.status(201).json({ firmId });
  });

  // The firm of the signed-in person, so the dashboard knows where their firm page is.
  router.get('/api/my-firm', requireUser, async (req, res) => {
    const found = await membershipOf(ctx.sql, req.shop.userId as string);
    res.set('Cache-Control', 'no-store');
    res.json({ firm: found ? await loadFirm(ctx.sql, found.firmId, found.role, counterToday(ctx)) : null });
  });

  router.get('/api/firms/:firmId', member, async (req, res) => {
    const m = membership(req);
    const firm = await loadFirm(ctx.sql, m.firmId, m.role, counterToday(ctx));
    if (!firm) throw notFound(FIRM_NOT_FOUND);
    res.set('Cache-Control', 'no-store');
    res.json(firm);
  });

  // A new name, new buying rules, or both, in one transaction.
  router.patch('/api/firms/:firmId', owner, firmPatchBody, async (req, res) => {
    const m = membership(req);
    const { name, rules } = firmPatchBody.input(req).body;
    await ctx.sql.begin(async (tx) => {
      if (name !== undefined) await renameFirm(tx, { firmId: m.firmId, name });
      if (rules) {
        const { approvalOverDollars, ...flags } = rules;
        const approvalOverCents = approvalOverDollars === undefined ? undefined : approvalOverDollars === null ? null : dollarsToCents(approvalOverDollars);
        await setFirmRules(tx, { firmId: m.firmId, rules: { ...flags, approvalOverCents } });
      }
    });
    res.json(await loadFirm(ctx.sql, m.firmId, m.role, counterToday(ctx)));
  });

  router.post('/api/firms/:firmId/invites', owner, inviteBody, async (req, res) => {
    const m = membership(req);
    const { email } = inviteBody.input(req).body;
    if ((await invitesSentToday(ctx.sql, m.firmId)) >= INVITES_PER_DAY)
      throw tooManyRequests(`A firm can send ${INVITES_PER_DAY} invites a day. Please try again tomorrow.`);
    const inviteId = await ctx.sql.begin((tx) =>
      inviteToFirm(tx, { firmId: m.firmId, email, invitedByUserId: m.userId, appUrl: ctx.env.APP_URL, shop: shopFacts(ctx.env) }),
    );
    res.status(201).json({ inviteId, email });
  });

  router.delete('/api/firms/:firmId/invites/:inviteId', owner, inviteParams, async (req, res) => {
    const m = membership(req);
    await ctx.sql.begin((tx) => revokeInvite(tx, { firmId: m.firmId, inviteId: inviteParams.input(req).params.inviteId }));
    res.json({ message: 'The invite is withdrawn.' });
  });

  // An owner gives someone the approver's role (or takes it back); answers with the person as the firm page lists them.
  router.patch('/api/firms/:firmId/members/:userId', owner, memberRole, async (req, res) => {
    const m = membership(req);
    const { params, body } = memberRole.input(req);
    await ctx.sql.begin((tx) => setMemberRole(tx, { firmId: m.firmId, userId: params.userId, role: body.role }));
    const firm = await loadFirm(ctx.sql, m.firmId, m.role, counterToday(ctx));
    res.json(firm?.members.find((p) => p.userId === params.userId));
  });

  // Leaving (yourself) or removing (an owner); the orders stay with the firm.
  router.delete('/api/firms/:firmId/members/:userId', member, memberParams, async (req, res) => {
    const m = membership(req);
    const { userId } = memberParams.input(req).params;
    await ctx.sql.begin((tx) => removeMember(tx, { firmId: m.firmId, actor: { userId: m.userId, role: m.role }, userId }));
    res.json({ message: userId === m.userId ? 'You have left the firm.' : 'They are no longer a member of the firm.' });
  });

  router.post('/api/firms/:firmId/projects', member, projectBody, async (req, res) => {
    const m = membership(req);
    const { name, code, costCodes } = projectBody.input(req).body;
    const projectId = await ctx.sql.begin((tx) => createProject(tx, { firmId: m.firmId, userId: m.userId, name, code, costCodes }));
    res.status(201).json({ projectId });
  });

  // Any member may change a project, as any member may add one; placed orders keep what they were placed with.
  router.patch('/api/firms/:firmId/projects/:projectId', member, projectPatch, async (req, res) => {
    const m = membership(req);
    const { params, body } = projectPatch.input(req);
    await ctx.sql.begin((tx) => updateProject(tx, { firmId: m.firmId, projectId: params.projectId, ...body }));
    const firm = await loadFirm(ctx.sql, m.firmId, m.role, counterToday(ctx));
    const project = firm?.projects.find((p) => p.id === params.projectId);
    if (!project) throw notFound('Project not found.');
    res.json(project);
  });

  // Any member may download it: they see the same orders in the firm's list.
  router.get('/api/firms/:firmId/projects/:projectId/statement', member, statementInput, async (req, res) => {
    const m = membership(req);
    const { params, query } = statementInput.input(req);
    const from = query.from ?? null;
    const to = query.to ?? null;
    if (from && to && from > to) throw badRequest('The period starts after it ends. Please choose a start date on or before the end date.');
    const project = await firmProject(ctx.sql, { firmId: m.firmId, projectId: params.projectId });
    if (!project) throw notFound('Project not found.');
    const name = await firmName(ctx.sql, m.firmId);
    if (name === null) throw notFound(FIRM_NOT_FOUND);
    const shop = shopFacts(ctx.env);
    const rows = await statementRows(ctx.sql, { firmId: m.firmId, projectId: params.projectId, from, to, timeZone: shop.timeZone });
    const pdf = await renderStatement({ firmName: name, project, from, to, rows }, shop);
    res.set('Cache-Control', 'private, no-store');
    res.set('Content-Type', 'application/pdf');
    res.set('Content-Disposition', `${req.query.download === 'true' ? 'attachment' : 'inline'}; filename="statement-${encodeURIComponent(project.code)}.pdf"`);
    res.send(pdf);
  });

  // Orders waiting for an approver's yes, oldest first (the firm page's list).
  router.get('/api/firms/:firmId/approvals', approver, async (req, res) => {
    const m = membership(req);
    res.set('Cache-Control', 'private, no-store');
    res.json({ orders: await waitingOrders(ctx.sql, { firmId: m.firmId, waitDays: APPROVAL_WAIT_DAYS }) });
  });

  // One order that went to approval, as the approval page (the email's link) shows it.
  router.get('/api/firms/:firmId/approvals/:orderId', approver, approvalParams, async (req, res) => {
    const m = membership(req);
    const order = await orderById(ctx.sql, approvalParams.input(req).params.orderId);
    if (!order || order.firm_id !== m.firmId || order.approval_state === null) throw notFound(APPROVAL_ORDER_NOT_FOUND);
    res.set('Cache-Control', 'private, no-store');
    res.json(presentOrder(order));
  });

  // An approver's decision, once: a second one answers 200 with the decision already made
  // (alreadyDecided: true) and changes nothing (decision 062).
  router.post('/api/firms/:firmId/approvals/:orderId', approver, approvalInput, async (req, res) => {
    const m = membership(req);
    const { params, body } = approvalInput.input(req);
    const shop = shopFacts(ctx.env);
    const name = await personName(ctx.sql, m.userId);
    const result = await ctx.sql.begin((tx) =>
      decideApproval(tx, {
        orderId: params.orderId,
        firmId: m.firmId,
        approver: { userId: m.userId, name },
        decision: body.decision,
        reason: body.reason || null,
        clock: { timeZone: shop.timeZone, holidays: shop.holidays },
        notifyDeclined: (order) => queueApprovalOutcomeEmail(tx, { order, outcome: 'declined', appUrl: ctx.env.APP_URL, shop }),
        notifyApproved: (order) => queueApprovedForCardEmail(tx, { order, appUrl: ctx.env.APP_URL, shop }),
      }),
    );
    res.json({ alreadyDecided: result.alreadyDecided, approval: approvalOf(result.order), order: presentOrder(result.order) });
  });

  // The month's spend, for the people who answer for it: owners and approvers.
  router.get('/api/firms/:firmId/reports/spend', approver, spendInput, async (req, res) => {
    const m = membership(req);
    const { month, format } = spendInput.input(req).query;
    if (isMonthAhead(month, counterToday(ctx))) throw badRequest(SPEND_MONTH_AHEAD);
    const name = await firmName(ctx.sql, m.firmId);
    if (name === null) throw notFound(FIRM_NOT_FOUND);
    const shop = shopFacts(ctx.env);
    const lines = spendLines(await spendOrders(ctx.sql, { firmId: m.firmId, month, timeZone: shop.timeZone }));
    res.set('Cache-Control', 'private, no-store');
    if (format === 'pdf') {
      res.set('Content-Type', 'application/pdf');
      res.set('Content-Disposition', `${req.query.download === 'true' ? 'attachment' : 'inline'}; filename="spend-${month}.pdf"`);
      res.send(await renderSpendReport({ firmName: name, month, lines }, shop));
      return;
    }
    res.set('Content-Type', 'text/csv; charset=utf-8; header=present');
    res.set('Content-Disposition', `attachment; filename="spend-${month}.csv"`);
    res.send(spendCsv(lines));
  });

  router.post('/api/firms/:firmId/tax-certificates', owner, async (req, res) => {
    const m = membership(req);
    if (!req.is('multipart/form-data')) throw badRequest(CERTIFICATE_FORM);
    if (Number(req.get('content-length') ?? 0) > MAX_CERTIFICATE_BYTES + 64 * 1024) throw payloadTooLarge(CERTIFICATE_TOO_LARGE);
    const { fields, file } = await receiveCertificate(req);
    const input = TaxCertificateSchema.parse(fields);
    if (!file || file.bytes.length === 0) throw badRequest('Please attach the certificate (a PDF or an image) in the field "file".');
    const contentType = certificateContentType(file.bytes);
    if (!contentType) throw unsupportedMediaType(CERTIFICATE_NOT_A_DOCUMENT);
    const id = randomUUID();
    const key = taxCertificateKey(id);
    await ctx.storage.put(key, file.bytes, { contentType });
    try {
      const name = withoutInvisibleControls(file.name).replace(CONTROL_CHARACTERS_ALL, '').slice(0, 200) || 'certificate';
      await ctx.sql.begin((tx) =>
        fileCertificate(tx, { id, firmId: m.firmId, userId: m.userId, ...input, file: { key, name, contentType, size: file.bytes.length } }),
      );
    } catch (error) {
      await ctx.storage.delete(key).catch(() => {});
      throw error;
    }
    res.status(201).json({ certificateId: id, status: 'pending' });
  });

  // An owner withdraws the firm's verified certificate (the reason is optional); the owners are emailed.
  router.post('/api/firms/:firmId/tax-certificates/:certificateId/withdraw', owner, withdrawCertificateInput, async (req, res) => {
    const m = membership(req);
    const { params, body } = withdrawCertificateInput.input(req);
    const by = { actor: 'owner' as const, userId: m.userId };
    const withdrawal = { id: params.certificateId, firmId: m.firmId, by, reason: body.reason, today: counterToday(ctx), shop: shopFacts(ctx.env) };
    res.json(await ctx.sql.begin((tx) => withdrawCertificate(tx, withdrawal)));
  });

  // The firm's invoices: any member reads one (as the PDF); the owner pays one by card.
  router.get('/api/firms/:firmId/invoices/:invoiceId/pdf', member, invoiceParams, async (req, res) => {
    const m = membership(req);
    const pdf = await invoicePdf(ctx, { invoiceId: invoiceParams.input(req).params.invoiceId, firmId: m.firmId });
    sendInvoicePdf(res, pdf, req.query.download === 'true');
  });

  router.post('/api/firms/:firmId/invoices/:invoiceId/pay', owner, payInput, async (req, res) => {
    const m = membership(req);
    const { params, body } = payInput.input(req);
    res.json(await payInvoice(ctx, { firmId: m.firmId, invoiceId: params.invoiceId, ownerId: m.userId, cardNumber: body.cardNumber ?? null }));
  });

  // The invite's page, before anyone signs in: which firm, who invited, and the address to sign up with.
  router.get('/api/firm-invites', inviteQuery, async (req, res) => {
    const invite = await openInviteOfToken(ctx.sql, inviteQuery.input(req).query.token);
    if (!invite) throw notFound(BAD_INVITE);
    res.set('Cache-Control', 'no-store');
    res.json(invite);
  });

  router.post('/api/firm-invites/accept', requireUser, acceptBody, async (req, res) => {
    const userId = req.shop.userId as string;
    const firmId = await ctx.sql.begin((tx) => acceptInvite(tx, { token: acceptBody.input(req).body.token, userId }));
    const found = await membershipOf(ctx.sql, userId);
    res.json({ firmId, role: found?.role ?? 'member' });
  });

  return router;
}
