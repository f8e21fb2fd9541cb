/**
 * /firm: the signed-in person's firm. Without one, a form to create it. With one: its members
 * (an owner removes, anyone leaves), the buying rules (owners set them), the month's spend report
 * (owners), open invites (owners invite and withdraw), projects and their cost codes (anyone adds
 * and edits them), the firm's shared address book and the firm's orders, filtered by project and by person.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Badge, Button, Card, CardHeader, ErrorNote, Field, Select, Spinner, TextField } from '../components/ui';
import { toast } from '../components/toast';
import { formatDate } from '../components/account/status';
import { useRedirectToLogin } from '../components/account/useSignedInOnly';
import { useUser } from '../data/auth';
import { FirmAccount } from '../components/firm/FirmAccount';
import { changeFirm, fileCertificate, useMyFirm } from '../data/firm';
import { FirmOrders, personName } from '../components/firm/FirmOrders';
import { FirmAddresses } from '../components/firm/FirmAddresses';
import { FirmRules, SpendReport } from '../components/firm/FirmRules';
import { CostCodes } from '../components/firm/CostCodes';
import { WaitingApprovals } from '../components/firm/Approvals';
import { CERTIFICATE_STATUS, certificateDates } from '../components/firm/certificateStatus';
import { ReasonDialog } from '../components/ReasonDialog';
import { errorMessage } from '../data/useSubmit';
import { FirmInviteSchema, FirmSchema, ProjectSchema, type FirmJson, type FirmMemberJson, type FirmRole, type TaxCertificateJson } from '#shared/firm';
import { US_STATES } from '#shared/pricing';

export default function Firm() {
  const { user, isLoading: userLoading } = useUser();
  useRedirectToLogin(!userLoading && !user, { title: 'Please sign in', description: 'You need to be signed in to see your firm.' });
  const { data, error } = useMyFirm();
  if (!user || (!data && !error)) {
    return (
      <div className="flex justify-center py-24">
        <Spinner />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      {error ? <ErrorNote title="Your firm could not be loaded">{errorMessage(error)}</ErrorNote> : null}
      {data?.firm ? <FirmContent firm={data.firm} userId={user.id} /> : data ? <CreateFirm /> : null}
    </div>
  );
}

/** What a failed form shows under itself, and in a toast. */
function failed(form: { setError: (name: 'root.server', e: { message: string }) => void }, title: string) {
  return (error: unknown) => {
    const message = errorMessage(error);
    toast({ title, description: message, variant: 'destructive' });
    form.setError('root.server', { message });
  };
}

function CreateFirm() {
  const form = useForm<z.input<typeof FirmSchema>, unknown, z.output<typeof FirmSchema>>({ resolver: zodResolver(FirmSchema), defaultValues: { name: '' } });
  const { errors, isSubmitting } = form.formState;
  async function create(input: z.output<typeof FirmSchema>) {
    await changeFirm('POST', '/api/firms', input)
      .then(() => toast({ title: 'Firm created', description: `${input.name} is ready. Invite your colleagues.` }))
      .catch(failed(form, 'Could not create the firm'));
  }
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader
        title="Create a firm"
        description="Keep your office’s orders in one place: invite colleagues, name projects, and see every order placed for the firm."
      />
      <form onSubmit={form.handleSubmit(create)} noValidate className="grid gap-4 p-4 sm:p-6">
        <TextField id="firm-name" label="Firm name" autoComplete="organization" required error={errors.name?.message} {...form.register('name')} />
        {errors.root?.server && <ErrorNote title="Could not create the firm">{errors.root.server.message}</ErrorNote>}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creating…' : 'Create firm'}
        </Button>
      </form>
    </Card>
  );
}

function FirmContent({ firm, userId }: { firm: FirmJson; userId: string }) {
  const owner = firm.role === 'owner';
  return (
    <>
      <header className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-3xl font-bold text-slate-900">{firm.name}</h1>
        <Badge tone={owner ? 'processing' : 'neutral'}>{ROLE_NAMES[firm.role]}</Badge>
      </header>
      <p className="mt-1 text-slate-600">Orders placed by the firm’s members belong to the firm, and every member sees them here.</p>
      {/* minmax(0, 1fr): long email addresses truncate instead of widening a phone's column. */}
      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-6 lg:col-span-2">
          <FirmAccount firm={firm} email={firm.members.find((m) => m.userId === userId)?.email ?? ''} />
          <WaitingApprovals firm={firm} />
          <FirmOrders firm={firm} userId={userId} />
        </div>
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-6">
          <Members firm={firm} userId={userId} />
          <FirmRules firm={firm} />
          {firm.role !== 'member' ? <SpendReport firm={firm} /> : null}
          {owner && firm.invites ? <Invites firm={firm} /> : null}
          <Projects firm={firm} />
          <FirmAddresses firm={firm} />
          {owner && firm.certificates ? <Certificates firm={firm} /> : null}
        </div>
      </div>
    </>
  );
}

const ROLE_NAMES: Record<FirmRole, string> = { owner: 'Owner', approver: 'Approver', member: 'Member' };

function Members({ firm, userId }: { firm: FirmJson; userId: string }) {
  const [busy, setBusy] = useState<string | null>(null);
  const owners = firm.members.filter((m) => m.role === 'owner').length;
  async function remove(member: FirmMemberJson) {
    const self = member.userId === userId;
    if (
      !window.confirm(
        self ? `Leave ${firm.name}? Your orders stay with the firm.` : `Remove ${personName(member)} from ${firm.name}? Their orders stay with the firm.`,
      )
    ) {
      return;
    }
    setBusy(member.userId);
    try {
      const answer = await changeFirm<{ message: string }>('DELETE', `/api/firms/${firm.id}/members/${member.userId}`);
      toast({ title: self ? 'You left the firm' : 'Member removed', description: answer.message });
    } catch (error) {
      toast({ title: self ? 'Could not leave the firm' : 'Could not remove the member', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }
  async function giveRole(member: FirmMemberJson, role: 'approver' | 'member') {
    setBusy(member.userId);
    try {
      await changeFirm('PATCH', `/api/firms/${firm.id}/members/${member.userId}`, { role });
      toast({
        title: role === 'approver' ? 'Approver added' : 'Approver role removed',
        description: role === 'approver' ? `${personName(member)} can approve orders and read the spend report.` : `${personName(member)} is a member again.`,
      });
    } catch (error) {
      toast({ title: 'Could not change the role', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }
  return (
    <Card>
      <CardHeader title="Members" description={`${firm.members.length} ${firm.members.length === 1 ? 'person' : 'people'}`} />
      <ul className="divide-y divide-slate-100">
        {firm.members.map((m) => {
          const self = m.userId === userId;
          // The last owner cannot leave (the server says so too): no button that can only fail.
          const canAct = self ? !(m.role === 'owner' && owners === 1) : firm.role === 'owner' && m.role !== 'owner';
          return (
            <li key={m.userId} className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-slate-900">
                  {personName(m)} {self ? <span className="text-slate-500">(you)</span> : null}{' '}
                  {m.role !== 'member' ? <Badge tone={m.role === 'owner' ? 'processing' : 'neutral'}>{ROLE_NAMES[m.role]}</Badge> : null}
                </p>
                <p className="truncate text-xs text-slate-500">{m.email}</p>
              </div>
              <div className="flex shrink-0 flex-wrap justify-end gap-2">
                {firm.role === 'owner' && m.role !== 'owner' ? (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={busy === m.userId}
                    onClick={() => void giveRole(m, m.role === 'approver' ? 'member' : 'approver')}
                    aria-label={`${m.role === 'approver' ? 'Remove approver' : 'Make approver'}: ${personName(m)}`}
                  >
                    {m.role === 'approver' ? 'Remove approver' : 'Make approver'}
                  </Button>
                ) : null}
                {canAct ? (
                  <Button variant="outline" size="sm" disabled={busy === m.userId} onClick={() => void remove(m)}>
                    {self ? 'Leave' : 'Remove'}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function Invites({ firm }: { firm: FirmJson }) {
  const form = useForm<z.input<typeof FirmInviteSchema>, unknown, z.output<typeof FirmInviteSchema>>({
    resolver: zodResolver(FirmInviteSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  async function invite(input: z.output<typeof FirmInviteSchema>) {
    await changeFirm('POST', `/api/firms/${firm.id}/invites`, input, () => {
      toast({ title: 'Invite sent', description: `We emailed ${input.email} a link to join ${firm.name}.` });
      form.reset();
    }).catch(failed(form, 'Could not send the invite'));
  }
  async function withdraw(inviteId: string) {
    await changeFirm('DELETE', `/api/firms/${firm.id}/invites/${inviteId}`).catch((error) =>
      toast({ title: 'Could not withdraw the invite', description: errorMessage(error), variant: 'destructive' }),
    );
  }
  return (
    <Card>
      <CardHeader title="Invites" description="Colleagues join with the emailed link, signed in with that address." />
      <form onSubmit={form.handleSubmit(invite)} noValidate className="grid gap-3 px-4 pb-4 sm:px-6">
        <TextField id="invite-email" label="Email" type="email" autoComplete="off" required error={errors.email?.message} {...form.register('email')} />
        {errors.root?.server && <ErrorNote title="Could not send the invite">{errors.root.server.message}</ErrorNote>}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send invite'}
        </Button>
      </form>
      {firm.invites && firm.invites.length > 0 ? (
        <ul className="divide-y divide-slate-100 border-t border-slate-100">
          {firm.invites.map((i) => (
            <li key={i.id} className="flex items-center justify-between gap-3 px-4 py-3 sm:px-6">
              <div className="min-w-0">
                <p className="truncate text-sm text-slate-900">{i.email}</p>
                <p className="text-xs text-slate-500">Invited {formatDate(i.invitedAt)}</p>
              </div>
              <Button variant="outline" size="sm" onClick={() => void withdraw(i.id)}>
                Withdraw
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function Projects({ firm }: { firm: FirmJson }) {
  const form = useForm<z.input<typeof ProjectSchema>, unknown, z.output<typeof ProjectSchema>>({
    resolver: zodResolver(ProjectSchema),
    defaultValues: { name: '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  async function add(input: z.output<typeof ProjectSchema>) {
    await changeFirm('POST', `/api/firms/${firm.id}/projects`, input, () => {
      toast({ title: 'Project added', description: `${input.code} · ${input.name}` });
      form.reset();
    }).catch(failed(form, 'Could not add the project'));
  }
  return (
    <Card>
      <CardHeader title="Projects" description="Name a project at checkout to keep its prints together." />
      {firm.projects.length > 0 ? (
        <ul className="divide-y divide-slate-100 border-b border-slate-100">
          {firm.projects.map((p) => (
            <li key={p.id} className="grid gap-2 px-4 py-3 text-sm sm:px-6">
              <div className="flex items-center justify-between gap-3">
                <span className="min-w-0 truncate">
                  <span className="font-mono font-medium text-slate-900">{p.code}</span> <span className="text-slate-600">{p.name}</span>
                </span>
                {/* Every paid order of the project, with the sums: what a reimbursable claim needs. */}
                <a
                  href={`/api/firms/${firm.id}/projects/${p.id}/statement`}
                  target="_blank"
                  rel="noreferrer"
                  className="shrink-0 text-sm font-medium text-blueprint-700 underline"
                  aria-label={`Statement for ${p.code} (PDF)`}
                >
                  Statement
                </a>
              </div>
              <CostCodes firmId={firm.id} project={p} />
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={form.handleSubmit(add)} noValidate className="grid gap-3 p-4 sm:grid-cols-3 sm:px-6">
        <TextField id="project-code" label="Code" required error={errors.code?.message} {...form.register('code')} />
        <TextField id="project-name" label="Project name" className="sm:col-span-2" required error={errors.name?.message} {...form.register('name')} />
        {errors.root?.server && (
          <ErrorNote title="Could not add the project" className="sm:col-span-3">
            {errors.root.server.message}
          </ErrorNote>
        )}
        <Button type="submit" disabled={isSubmitting} className="sm:col-span-3">
          {isSubmitting ? 'Adding…' : 'Add project'}
        </Button>
      </form>
    </Card>
  );
}

/**
 * The owner's tax-exempt certificates: each with its status (and the counter's reason), Withdraw on a
 * verified one (asked in a dialog, with an optional reason), and a form to file one.
 */
function Certificates({ firm }: { firm: FirmJson }) {
  const [withdrawing, setWithdrawing] = useState<TaxCertificateJson | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formElement = e.currentTarget;
    setBusy(true);
    setError(null);
    try {
      await fileCertificate(firm.id, new FormData(formElement));
      toast({ title: 'Certificate sent', description: 'We will verify it and email you. Until then, orders are taxed as usual.' });
      formElement.reset();
    } catch (caught) {
      const message = errorMessage(caught);
      setError(message);
      toast({ title: 'Could not send the certificate', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card>
      <CardHeader title="Tax-exempt certificates" description="A verified certificate for the state whose tax applies makes the order’s tax $0.00." />
      {firm.certificates && firm.certificates.length > 0 ? (
        <ul className="divide-y divide-slate-100 border-b border-slate-100">
          {firm.certificates.map((c) => (
            <li key={c.id} className="grid grid-cols-[minmax(0,1fr)] gap-1 px-4 py-3 text-sm sm:px-6">
              <div className="flex min-w-0 items-center justify-between gap-3">
                <span className="min-w-0 break-words text-slate-900">
                  {c.state} {c.kind} #{c.number}
                </span>
                <Badge tone={CERTIFICATE_STATUS[c.status].tone}>{CERTIFICATE_STATUS[c.status].label}</Badge>
              </div>
              <p className="text-xs text-slate-500">{certificateDates(c)}</p>
              {c.rejectReason ? <p className="text-xs text-red-700">Reason: {c.rejectReason}</p> : null}
              {c.withdrawReason ? <p className="text-xs text-slate-700">Reason withdrawn: {c.withdrawReason}</p> : null}
              {c.status === 'verified' ? (
                <div>
                  <Button variant="outline" size="sm" onClick={() => setWithdrawing(c)}>
                    Withdraw
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {withdrawing ? (
        <ReasonDialog
          title="Withdraw this certificate?"
          description={`${withdrawing.state} ${withdrawing.kind} #${withdrawing.number}. Orders from now on are taxed as usual; orders already placed keep what they were charged.`}
          reasonLabel="Reason (optional)"
          reasonRequired={false}
          actionLabel="Withdraw"
          onAction={async (reason) => {
            await changeFirm('POST', `/api/firms/${firm.id}/tax-certificates/${withdrawing.id}/withdraw`, { reason });
            toast({ title: 'Certificate withdrawn', description: 'Orders from now on are taxed as usual.' });
          }}
          onClose={() => setWithdrawing(null)}
        />
      ) : null}
      <form onSubmit={(e) => void submit(e)} className="grid gap-3 p-4 sm:grid-cols-2 sm:px-6">
        <Field label="State" htmlFor="certificate-state">
          <Select id="certificate-state" name="state" defaultValue="NJ" required>
            {US_STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
        <TextField id="certificate-kind" name="kind" label="Kind" placeholder="ST-5 exempt organization" required maxLength={60} />
        <TextField id="certificate-number" name="number" label="Certificate number" required maxLength={50} />
        <TextField id="certificate-expires" name="expiresOn" label="Expires on (if any)" type="date" />
        <Field label="Certificate (PDF or image, up to 10 MB)" htmlFor="certificate-file" className="sm:col-span-2">
          <input id="certificate-file" name="file" type="file" accept="application/pdf,image/png,image/jpeg" required className="text-sm" />
        </Field>
        {error ? (
          <ErrorNote title="Could not send the certificate" className="sm:col-span-2">
            {error}
          </ErrorNote>
        ) : null}
        <Button type="submit" disabled={busy} className="sm:col-span-2">
          {busy ? 'Sending…' : 'Send certificate'}
        </Button>
      </form>
    </Card>
  );
}
