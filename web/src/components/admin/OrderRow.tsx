/** One order on the print counter's list: who, what, how much, and every action on it. */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Badge, Button, Select, buttonClasses } from '../ui';
import { toast } from '../toast';
import { formatDollars } from '#shared/money';
import { dateTimeText, mediumDateText } from '#shared/clock';
import { OrderEmails } from './OrderEmails';
import { OrderPackages } from './OrderPackages';
import { PrintFiles } from './PrintFiles';
import { jobText, orderColorText, orderSetsText, PriceLines, projectLine } from '../orders/OrderPrints';
import { PRINT_TYPE_LABELS } from '#shared/pricing';
import { useSubmit } from '../../data/useSubmit';
import { useShopConfig } from '../../data/config';
import {
  adminApi,
  changeEmailsCustomer,
  ORDER_STATUSES,
  STATUS_LABELS,
  type AdminFileUrl,
  type AdminOrder,
  type OrderStatus,
  type StatusChange,
} from '../../data/admin';

const SIZE_LABEL: Record<string, string> = { asDrawn: 'As drawn (100%)', '24x36': '24" × 36"', '30x42': '30" × 42"' };

export function OrderRow({ order, selected, onToggle, onChanged }: { order: AdminOrder; selected: boolean; onToggle: () => void; onChanged: () => void }) {
  const { shop } = useShopConfig();
  const [showEmails, setShowEmails] = useState(false);
  const [showPrintFiles, setShowPrintFiles] = useState(false);
  const name = `${order.customerFirstName} ${order.customerLastName}`;
  const shipping = order.shippingMethod !== 'pickup';
  const hasPackages = order.recipients.some((r) => r.id !== null);

  // A change that emails the customer is asked about first, then can be undone while its email waits.
  const [asking, setAsking] = useState<OrderStatus | null>(null);
  const [undoable, setUndoable] = useState<(StatusChange & { to: OrderStatus; until: number }) | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!undoable) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [undoable]);
  const secondsLeft = undoable ? Math.ceil((undoable.until - now) / 1000) : 0;
  const showUndo = undoable !== null && secondsLeft > 0;

  const {
    submit: changeStatus,
    busy: statusBusy,
    error: statusError,
  } = useSubmit(
    async (status: OrderStatus) => {
      setAsking(null);
      const changed = await adminApi.setStatus(order.id, status);
      const change = changed.statusChange;
      setUndoable(change?.emailQueued ? { ...change, to: status, until: Date.now() + change.undoSeconds * 1000 } : null);
      setNow(Date.now());
      toast({
        title: 'Status Updated',
        description: `Order ${order.shortId} is now ${STATUS_LABELS[status].toLowerCase()}.${change?.emailQueued ? ` The customer is emailed in ${change.undoSeconds} seconds unless you undo.` : ''}`,
      });
      onChanged();
    },
    { onError: (message) => toast({ title: 'Update Failed', description: message, variant: 'destructive' }) },
  );

  const {
    submit: undo,
    busy: undoBusy,
    error: undoError,
  } = useSubmit(
    async () => {
      if (!undoable) return;
      await adminApi.undoStatus(order.id, undoable.historyId);
      setUndoable(null);
      toast({ title: 'Change Undone', description: `Order ${order.shortId} is back to its previous status. Nothing was sent.` });
      onChanged();
    },
    {
      onError: (message) => {
        setUndoable(null);
        toast({ title: 'Undo Failed', description: message, variant: 'destructive' });
      },
    },
  );

  const pickStatus = (status: OrderStatus) => {
    if (status === order.status) return;
    if (changeEmailsCustomer(order, status)) setAsking(status);
    else void changeStatus(status);
  };

  const { submit: makeLabel, busy: labelBusy } = useSubmit(
    async () => {
      await adminApi.generateLabel(order.id);
      toast({ title: 'Success', description: 'Shipping label generated successfully' });
      onChanged();
    },
    { onError: () => toast({ title: 'Error', description: 'Failed to generate shipping label', variant: 'destructive' }) },
  );

  return (
    <li
      className={`rounded-xl border bg-white p-4 shadow-sm ${selected ? 'border-blueprint-400 ring-2 ring-blueprint-100' : 'border-slate-200'}`}
      aria-label={`Order ${order.shortId}`}
    >
      <div className="flex flex-wrap items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 accent-blueprint-600"
          checked={selected}
          onChange={onToggle}
          aria-label={`Select order ${order.shortId}`}
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-base font-semibold text-slate-900">#{order.shortId}</span>
            <Badge tone={order.status}>{STATUS_LABELS[order.status]}</Badge>
            {order.rushOrder && <Badge tone="rush">RUSH</Badge>}
            <Badge>{shipping ? 'Shipping' : 'Pickup'}</Badge>
            {order.projectCode && <Badge>{order.projectCode}</Badge>}
            {order.readyBy && order.status !== 'completed' && order.status !== 'failed' && (
              <span className="text-sm font-medium text-slate-700" title={order.readyBy}>
                Due {order.readyByText?.replace(/^Today/, 'today') ?? dateTimeText(new Date(order.readyBy))}
              </span>
            )}
            <span className="ml-auto text-lg font-semibold tabular-nums text-slate-900">{formatDollars(order.totalAmount)}</span>
          </div>
          <div className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-2">
            <p>
              <span className="font-medium text-slate-900">{name}</span>
              <br />
              <a className="text-blueprint-700 underline" href={`mailto:${order.customerEmail}`}>
                {order.customerEmail}
              </a>
              {order.customerPhone && (
                <>
                  <br />
                  <a className="text-slate-700" href={`tel:${order.customerPhone}`}>
                    {order.customerPhone}
                  </a>
                </>
              )}
            </p>
            <p>
              <span className="break-all font-medium text-slate-900">{order.name}</span>
              <br />
              {orderSetsText(order)} · {SIZE_LABEL[order.printSize] ?? order.printSize} · {PRINT_TYPE_LABELS[order.printType]}
              {order.printType === 'auto' && (
                <>
                  <br />
                  Color: {orderColorText(order)}
                </>
              )}
              {jobText(order) && (
                <>
                  <br />
                  <span className="font-medium text-slate-900">{jobText(order)}</span>
                </>
              )}
              {order.revisionOf && (
                <>
                  <br />
                  {order.revisionOfUrl ? (
                    <Link className="font-medium text-blueprint-700 underline" href={order.revisionOfUrl} data-testid="revision-of">
                      Revision of #{order.revisionOf.orderNumber}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">Revision of #{order.revisionOf.orderNumber}</span>
                  )}
                  {order.printPositions && ` · ${order.printPositions.length} ${order.printPositions.length === 1 ? 'sheet' : 'sheets'} reprinted`}
                </>
              )}
              {projectLine(order) && (
                <>
                  <br />
                  <span className="font-medium text-slate-900">{projectLine(order)}</span>
                </>
              )}
              <br />
              <span className="text-slate-600">{dateTimeText(new Date(order.createdAt))}</span>
            </p>
          </div>
          <PriceLines lines={order.lines} className="mt-2 grid max-w-md gap-1 text-sm" />
          {order.taxExemption && (
            <p className="mt-1 text-sm font-medium text-emerald-800" data-testid="tax-exemption">
              {order.taxExemption.label}: no tax charged
            </p>
          )}
          {order.notes && <p className="mt-1 whitespace-pre-line text-sm text-slate-700">Notes: {order.notes}</p>}
          {/* With recipients each package has its own address, listed below. */}
          {shipping && order.shippingAddress && !hasPackages && (
            <p className="mt-1 text-sm text-slate-600">
              Ship to {order.shippingAddress.street1}
              {order.shippingAddress.street2 ? `, ${order.shippingAddress.street2}` : ''}, {order.shippingAddress.city}, {order.shippingAddress.state}{' '}
              {order.shippingAddress.zipCode}
              {order.shippingService ? ` · ${order.shippingService}` : ''}
              {order.trackingNumber ? ` · Tracking ${order.trackingNumber}` : ''}
            </p>
          )}
          <OrderPackages order={order} />
          {order.rushOrder && (
            <p className="mt-2 rounded-md border border-orange-200 bg-orange-50 px-3 py-2 text-sm text-orange-900">
              Rush order: {formatDollars(order.rushFee)} rush fee paid. Print this first (ready in 1-4 hours).
            </p>
          )}
          {order.fileDeletedAt && (
            <p className="mt-2 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
              File deleted after printing on {mediumDateText(new Date(order.fileDeletedAt))}.
            </p>
          )}
          {order.hasFile && order.printedSheets && (
            // A reprint prints only these sheets: View, Download and the zip hold exactly them.
            <p className="mt-2 rounded-md bg-blueprint-50 px-3 py-2 text-sm text-slate-900" data-testid="reprint-sheets">
              Reprint: print only {order.printedSheets.join(', ')} ({order.printedSheets.length} {order.printedSheets.length === 1 ? 'sheet' : 'sheets'}). View,
              Download and the zip export hold exactly these sheets.
            </p>
          )}
          <div className="mt-3 flex flex-wrap items-center gap-2">
            {order.hasFile && order.printedSheets && order.fullIssueUrls ? (
              <ReprintFiles order={order} printedSheets={order.printedSheets} fullIssue={order.fullIssueUrls} />
            ) : order.hasFile && order.fileUrls.length > 1 ? (
              // A set of several files: each one to open or download, named with the sheets it holds.
              <ul aria-label="Files of this set" className="grid w-full gap-1 text-sm">
                {order.fileUrls.map((file, i) => (
                  <li key={file.url} className="flex flex-wrap items-center gap-2">
                    <span className="min-w-0 truncate text-slate-800">
                      {i + 1}. {file.fileName}{' '}
                      <span className="text-slate-500">
                        ({file.pageCount === 1 ? `sheet ${file.firstPosition}` : `sheets ${file.firstPosition}–${file.firstPosition + file.pageCount - 1}`})
                      </span>
                    </span>
                    <a className={buttonClasses('outline', 'sm')} href={file.url} target="_blank" rel="noopener noreferrer">
                      View<span className="sr-only"> {file.fileName}</span>
                    </a>
                    <a className={buttonClasses('outline', 'sm')} href={`${file.url}&download=true`} download>
                      Download<span className="sr-only"> {file.fileName}</span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : order.hasFile ? (
              <>
                <a className={buttonClasses('outline', 'sm')} href={order.pdfUrl} target="_blank" rel="noopener noreferrer">
                  View PDF
                </a>
                <a className={buttonClasses('outline', 'sm')} href={`${order.pdfUrl}?download=true`} download>
                  Download
                </a>
              </>
            ) : null}
            <Button variant="outline" size="sm" onClick={() => setShowPrintFiles((v) => !v)} aria-expanded={showPrintFiles}>
              Print files
            </Button>
            <a
              className={buttonClasses('outline', 'sm')}
              href={`/api/admin/job-ticket/${order.id}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Print ticket for order ${order.shortId}`}
            >
              Print ticket
            </a>
            {shipping && (
              <>
                <Button variant="secondary" size="sm" onClick={() => void makeLabel()} disabled={labelBusy}>
                  {labelBusy ? 'Generating…' : `${order.hasLabel ? 'Regenerate' : 'Generate'} ${hasPackages ? 'Labels' : 'Label'}`}
                </Button>
                {/* With packages each label is beside its package. */}
                {order.labelUrl && !hasPackages && (
                  <a className={buttonClasses('outline', 'sm')} href={order.labelUrl} target="_blank" rel="noopener noreferrer">
                    View Label
                  </a>
                )}
              </>
            )}
            <a
              className={buttonClasses('ghost', 'sm')}
              href={`mailto:${order.customerEmail}?subject=${encodeURIComponent(`Your ${shop.name} order ${order.shortId}`)}`}
            >
              Email Customer
            </a>
            <Button variant="ghost" size="sm" onClick={() => setShowEmails((v) => !v)} aria-expanded={showEmails}>
              {showEmails ? 'Hide Emails' : 'Emails'}
            </Button>
            <label className="ml-auto flex items-center gap-2 text-sm text-slate-700">
              <span>Status</span>
              <Select
                className="h-8 w-36"
                value={asking ?? order.status}
                disabled={statusBusy || asking !== null}
                onChange={(e) => pickStatus(e.target.value as OrderStatus)}
                aria-label={`Status of order ${order.shortId}`}
              >
                {ORDER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </Select>
            </label>
          </div>
          {asking && (
            <div
              role="alertdialog"
              aria-label={`Change order ${order.shortId}`}
              className="mt-3 flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
            >
              <span className="mr-auto">
                Set order {order.shortId} to <strong>{STATUS_LABELS[asking]}</strong>? {name} will be emailed about it.
              </span>
              <Button size="sm" onClick={() => void changeStatus(asking)} disabled={statusBusy} autoFocus>
                Change and email
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setAsking(null)}>
                Cancel
              </Button>
            </div>
          )}
          {showUndo && (
            <div
              role="status"
              className="mt-3 flex flex-wrap items-center gap-2 rounded-md border border-blueprint-200 bg-blueprint-50 px-3 py-2 text-sm text-slate-800"
            >
              <span className="mr-auto">
                Now {STATUS_LABELS[undoable.to]}. The customer is emailed in {secondsLeft} s.
              </span>
              <Button size="sm" variant="secondary" onClick={() => void undo()} disabled={undoBusy}>
                Undo
              </Button>
            </div>
          )}
          {(statusError || undoError) && !statusBusy && (
            <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {statusError ?? undoError}
            </p>
          )}
          {showPrintFiles && (
            <div className="mt-3">
              <PrintFiles orderId={order.id} />
            </div>
          )}
          {showEmails && (
            <div className="mt-3">
              <OrderEmails orderId={order.id} />
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

/**
 * A revision's reprint: View and Download give one PDF of exactly the sheets it prints (the worker
 * builds it once the reprint is paid: "preparing" until then), and the whole new issue is its own
 * link beside them, so nobody opening the drawing prints every sheet.
 */
function ReprintFiles({ order, printedSheets, fullIssue }: { order: AdminOrder; printedSheets: string[]; fullIssue: AdminFileUrl[] }) {
  const sheets = fullIssue.reduce((sum, f) => sum + f.pageCount, 0);
  const fullText = `Full issue (all ${sheets} ${sheets === 1 ? 'sheet' : 'sheets'})`;
  const printedText = `${printedSheets.length} printed ${printedSheets.length === 1 ? 'sheet' : 'sheets'}`;
  return (
    <>
      {order.printedSheetsReady ? (
        <>
          <a className={buttonClasses('outline', 'sm')} href={order.pdfUrl} target="_blank" rel="noopener noreferrer">
            View PDF<span className="sr-only"> of the {printedText}</span>
          </a>
          <a className={buttonClasses('outline', 'sm')} href={`${order.pdfUrl}?download=true`} download>
            Download<span className="sr-only"> the {printedText}</span>
          </a>
        </>
      ) : (
        <span role="status" className="rounded-md bg-slate-100 px-3 py-1.5 text-sm text-slate-700">
          Preparing the PDF of the {printedText}…
        </span>
      )}
      {fullIssue.length === 1 ? (
        <a className="text-sm text-slate-700 underline" href={fullIssue[0].url} target="_blank" rel="noopener noreferrer">
          {fullText}
        </a>
      ) : (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-700">
            {fullText}, {fullIssue.length} files
          </summary>
          <ul aria-label="Files of the full issue" className="mt-1 grid gap-1">
            {fullIssue.map((file) => (
              <li key={file.url}>
                <a className="underline" href={file.url} target="_blank" rel="noopener noreferrer">
                  {file.fileName}
                </a>{' '}
                <span className="text-slate-500">
                  ({file.pageCount === 1 ? `sheet ${file.firstPosition}` : `sheets ${file.firstPosition}–${file.firstPosition + file.pageCount - 1}`})
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
