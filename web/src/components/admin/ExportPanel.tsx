/**
 * File export: Select All, Clear, Export Selected, then a progress bar (processed/total and
 * percent) polled every 1 s; the zip downloads when complete and the selection clears.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { Button, Card, ProgressBar } from '../ui';
import { toast } from '../toast';
import { useSubmit } from '../../data/useSubmit';
import { adminApi, type ExportStatus } from '../../data/admin';

const POLL_MS = 1000;

export function ExportPanel({ selectedIds, onSelectAll, onClear }: { selectedIds: string[]; onSelectAll: () => void; onClear: () => void }) {
  const [job, setJob] = useState<ExportStatus | null>(null);
  // Export Selected pressed with nothing selected: said in a toast, and kept beside the count until
  // something is selected, so the refusal does not vanish with the toast.
  const [askedEmpty, setAskedEmpty] = useState(false);
  const nothingSelected = askedEmpty && selectedIds.length === 0;
  const running = job?.status === 'processing';
  const pollingId = running ? job.exportId : null;

  // The latest onClear, without restarting the poll when the parent passes a new function.
  const polled = useEffectEvent((next: ExportStatus) => {
    setJob(next);
    if (next.status === 'completed') {
      download(`/api/admin/export-download/${next.exportId}`);
      toast({ title: 'Export Complete', description: `Successfully exported ${next.processedFiles} ${next.processedFiles === 1 ? 'order' : 'orders'}` });
      onClear();
    } else if (next.status === 'failed') {
      toast({ title: 'Export Failed', description: next.error || 'Export process failed', variant: 'destructive' });
    }
  });

  useEffect(() => {
    if (!pollingId) return;
    let cancelled = false;
    const timer = setInterval(async () => {
      try {
        const next = await adminApi.exportStatus(pollingId);
        if (!cancelled) polled(next);
      } catch {
        // A missed poll is retried on the next tick.
      }
    }, POLL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [pollingId]);

  const { submit: startExport, busy: starting } = useSubmit(
    async (ids: string[]) => {
      const { exportId } = await adminApi.startExport(ids);
      setJob({ exportId, status: 'processing', progress: 0, totalFiles: ids.length, processedFiles: 0, error: null });
    },
    { onError: () => toast({ title: 'Export Failed', description: 'Failed to start file export', variant: 'destructive' }) },
  );

  function start() {
    if (selectedIds.length === 0) {
      setAskedEmpty(true);
      return toast({ title: 'No Orders Selected', description: 'Please select orders to export', variant: 'destructive' });
    }
    setAskedEmpty(false);
    void startExport(selectedIds);
  }

  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">File Export</h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {selectedIds.length} order{selectedIds.length === 1 ? '' : 's'} selected
          </p>
          {nothingSelected && (
            <p role="alert" className="text-sm font-medium text-red-700" data-testid="export-nothing-selected">
              No orders selected: please select orders to export.
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onSelectAll}>
            Select All
          </Button>
          <Button variant="outline" size="sm" onClick={onClear}>
            Clear
          </Button>
          <Button size="sm" onClick={start} disabled={starting || running}>
            {running ? 'Exporting…' : 'Export Selected'}
          </Button>
        </div>
      </div>
      {job && (
        <div className="mt-4 grid gap-2" aria-live="polite">
          <ProgressBar value={job.progress} label="Export progress" />
          <p className="text-sm text-slate-700" data-testid="export-progress">
            {job.status === 'failed'
              ? `Export failed: ${job.error || 'Export process failed'}`
              : `${job.processedFiles} / ${job.totalFiles} orders (${job.progress}%)${job.status === 'completed' ? ' · complete' : ''}`}
          </p>
        </div>
      )}
    </Card>
  );
}

/** Starts the download by navigating to the attachment (the page stays). */
function download(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
