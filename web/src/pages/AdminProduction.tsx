/**
 * /admin/production: the counter's queue of print batches not yet printed, rush first and by
 * ready-by, one paper together so a roll is changed once. Each batch opens as its PDF and goes to a
 * printer that takes its paper and ink; a refusal or a printer's failure reads on the row. A failed
 * batch, or one printed in the last days (listed below the queue), can have spoiled pages printed
 * again: asked in the shop's own dialog, the new batch joins the queue once the worker has built it.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { Badge, Button, buttonClasses, Card, ErrorNote, Select, Spinner } from '../components/ui';
import { toast } from '../components/toast';
import { AdminPage, useAdminOnly } from '../components/admin/AdminPage';
import { ReasonDialog } from '../components/ReasonDialog';
import { apiRequest, fetcher, type ApiError } from '../data/client';
import { errorMessage } from '../data/useSubmit';
import { dateTimeText } from '#shared/clock';
import { isReducedPaper, paperText, type PrinterJson, type ProductionBatchJson } from '#shared/production';

const REFRESH_MS = 10_000;
const TONE = { waiting: 'neutral', sent: 'processing', printing: 'processing', printed: 'completed', failed: 'failed' } as const;
const STATE_LABEL = { waiting: 'Waiting', sent: 'Sent', printing: 'Printing', printed: 'Printed', failed: 'Failed' } as const;

/** The queue's batches as consecutive groups of one paper. */
function byPaper(batches: ProductionBatchJson[]): { paper: ProductionBatchJson['paper']; batches: ProductionBatchJson[] }[] {
  const groups: { paper: ProductionBatchJson['paper']; batches: ProductionBatchJson[] }[] = [];
  for (const b of batches) {
    const last = groups.at(-1);
    if (last?.paper === b.paper) last.batches.push(b);
    else groups.push({ paper: b.paper, batches: [b] });
  }
  return groups;
}

export default function AdminProduction() {
  const admin = useAdminOnly();
  const queue = useSWR<ProductionBatchJson[], ApiError>(admin ? '/api/admin/production' : null, fetcher, { refreshInterval: REFRESH_MS });
  const printers = useSWR<PrinterJson[], ApiError>(admin ? '/api/admin/printers' : null, fetcher);
  const printed = useSWR<ProductionBatchJson[], ApiError>(admin ? '/api/admin/production/printed' : null, fetcher, { refreshInterval: REFRESH_MS });
  const [reprinting, setReprinting] = useState<ProductionBatchJson | null>(null);
  if (!admin) return null;
  const refresh = () => {
    void queue.mutate();
    void printed.mutate();
  };
  const sheets = queue.data?.reduce((n, b) => n + b.pages, 0) ?? 0;
  return (
    <AdminPage
      wide
      title="Production"
      description="Print batches not yet printed: rush first, then by ready-by, each paper together so a roll is changed once. Every page is the paper, every sheet at 100%."
    >
      {queue.error ? <ErrorNote title="The queue could not be loaded">{errorMessage(queue.error)}</ErrorNote> : null}
      {!queue.data && !queue.error ? <Spinner label="Loading the queue…" /> : null}
      {queue.data?.length === 0 ? <p className="text-slate-600">Nothing waiting to print.</p> : null}
      {queue.data && queue.data.length > 0 ? (
        <p className="text-sm text-slate-600">
          {queue.data.length} {queue.data.length === 1 ? 'batch' : 'batches'}, {sheets} pages
        </p>
      ) : null}
      {byPaper(queue.data ?? []).map((group, i) => (
        <section key={`${group.paper}-${i}`} aria-label={`${paperText(group.paper)} paper`} className="grid gap-2">
          <h2 className="text-lg font-semibold text-blueprint-900">{paperText(group.paper)} paper</h2>
          <Card>
            <ul className="divide-y divide-slate-100">
              {group.batches.map((batch) => (
                <BatchRow key={batch.batchId} batch={batch} printers={printers.data ?? []} onSent={refresh} onReprint={setReprinting} />
              ))}
            </ul>
          </Card>
        </section>
      ))}
      {printed.data && printed.data.length > 0 ? (
        <section aria-label="Printed lately" className="grid gap-2">
          <h2 className="text-lg font-semibold text-blueprint-900">Printed in the last 3 days</h2>
          <p className="text-sm text-slate-600">A sheet spoiled in finishing or at pickup: reprint just its pages.</p>
          <Card>
            <ul className="divide-y divide-slate-100">
              {printed.data.map((batch) => (
                <BatchRow key={batch.batchId} batch={batch} printers={[]} onSent={refresh} onReprint={setReprinting} />
              ))}
            </ul>
          </Card>
        </section>
      ) : null}
      {reprinting ? <ReprintDialog batch={reprinting} onDone={refresh} onClose={() => setReprinting(null)} /> : null}
    </AdminPage>
  );
}

/** `Order 1A2B3C4D, 24" x 36" B&W`: how a batch is named on its buttons and in its dialog. */
const batchName = (batch: ProductionBatchJson) => `order ${batch.orderNumber}, ${paperText(batch.paper)} ${batch.ink === 'color' ? 'Color' : 'B&W'}`;

/** Asks which pages of the batch file to print again ("3, 5-7"); the server reads them and says what is wrong. */
function ReprintDialog({ batch, onDone, onClose }: { batch: ProductionBatchJson; onDone: () => void; onClose: () => void }) {
  const sheets = batch.pages > 2 ? `pages 2–${batch.pages} are its sheets` : 'page 2 is its sheet';
  return (
    <ReasonDialog
      title="Reprint spoiled pages"
      description={`Of ${batchName(batch)}: ${sheets} (page 1 is the banner). Type the page numbers of the batch file, such as 3, 5-7. They print as a batch of their own, with its banner.`}
      reasonLabel="Pages to print again"
      reasonRequired
      actionLabel="Reprint pages"
      actionVariant="primary"
      onAction={async (pages) => {
        await apiRequest('POST', `/api/admin/production/${batch.batchId}/reprint`, { pages });
        toast({ title: 'Reprint queued', description: `Pages ${pages} of ${batchName(batch)}: the batch joins the queue once its file is built.` });
        onDone();
      }}
      onClose={onClose}
    />
  );
}

function BatchRow({
  batch,
  printers,
  onSent,
  onReprint,
}: {
  batch: ProductionBatchJson;
  printers: PrinterJson[];
  onSent: () => void;
  onReprint: (batch: ProductionBatchJson) => void;
}) {
  const fit = printers.filter((p) => p.papers.includes(batch.paper) && (batch.ink === 'bw' || p.color));
  const [printerId, setPrinterId] = useState<string>('');
  const [busy, setBusy] = useState(false);
  const chosen = printerId || batch.printerId || fit[0]?.id || '';
  const sendable = batch.state === 'waiting' || batch.state === 'failed';
  const ink = batch.ink === 'color' ? 'Color' : 'B&W';
  async function send() {
    setBusy(true);
    try {
      await apiRequest('POST', `/api/admin/production/${batch.batchId}/send`, { printerId: chosen });
      toast({ title: 'Batch sent', description: `Order ${batch.orderNumber}, ${paperText(batch.paper)} ${ink}.` });
      onSent();
    } catch (caught) {
      toast({ title: 'Could not send the batch', description: errorMessage(caught), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className={`flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6 ${batch.rush ? 'border-l-4 border-orange-500' : ''}`}>
      <div className="min-w-0 sm:flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          <span className="font-mono">{batch.orderNumber}</span>
          {batch.rush ? <Badge tone="rush">Rush</Badge> : null}
          <Badge tone={TONE[batch.state]}>{STATE_LABEL[batch.state]}</Badge>
          <span>
            {paperText(batch.paper)} {ink}
            {isReducedPaper(batch.paper) ? ', reduced (not to scale)' : ''}
          </span>
          <span className="text-slate-600">{batch.pages} pages</span>
        </p>
        <p className="truncate text-xs text-slate-600">
          {batch.recipient}
          {batch.readyBy ? ` · ready by ${dateTimeText(new Date(batch.readyBy))}` : ''}
        </p>
        {batch.message ? (
          <p role="note" className="mt-1 text-xs font-medium text-red-700">
            {batch.message}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:shrink-0">
        <a href={`/api/admin/print-files/${batch.batchId}`} target="_blank" rel="noreferrer" className={buttonClasses('outline', 'sm')}>
          PDF
          <span className="sr-only">
            {' '}
            of order {batch.orderNumber}, {paperText(batch.paper)} {ink}
          </span>
        </a>
        {batch.state === 'printed' || batch.state === 'failed' ? (
          <Button size="sm" variant="outline" onClick={() => onReprint(batch)} aria-label={`Reprint pages of ${batchName(batch)}`}>
            Reprint pages
          </Button>
        ) : null}
        {sendable ? (
          <>
            <Select
              className="h-8 w-44"
              value={chosen}
              onChange={(e) => setPrinterId(e.target.value)}
              aria-label={`Printer for order ${batch.orderNumber}, ${paperText(batch.paper)} ${ink}`}
            >
              {fit.length === 0 ? <option value="">No printer takes this paper</option> : null}
              {fit.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
            <Button
              size="sm"
              disabled={busy || !chosen}
              onClick={() => void send()}
              aria-label={`Send order ${batch.orderNumber}, ${paperText(batch.paper)} ${ink}`}
            >
              Send
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}
