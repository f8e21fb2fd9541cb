/**
 * Hands a sent batch to its printer and follows it (docs/decisions/056). A hot folder gets the PDF
 * and a JSON ticket beside it (saying too what to do to the sets after printing), each written under
 * a temporary name and renamed, as RIP hot folders expect; the batch is then printed as far as the shop can know. An IPP printer gets a Print-Job
 * (never scaled, the paper as PWG media, monochrome for B&W) and is asked about the job until it is
 * completed or aborted. A busy printer is tried again later (the job throws); one that refuses or
 * cannot be reached puts the batch back to waiting with the reason, and nothing is sent again until
 * a person sends it. A rerun after the printer took the job follows that job instead of printing again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { orderNumberOf } from '#shared/fields';
import { finishingSteps, NO_FINISHING } from '#shared/finishing';
import { isReducedPaper, PWG_MEDIA, paperText } from '#shared/production';
import type { Queryable } from '../lib/db';
import type { Storage } from '../services/storage/types';
import { getJobAttributes, IPP_SERVER_ERROR_BUSY, JOB_STATE, printJob } from '../services/printers/ipp';
import { moveBatch, recordPrinterJob, type PrintBatchRow } from './commands/printBatches';
import type { PrinterRow } from './printers';

/** Thrown to have the job tried again later: the printer is busy, or still printing. */
export class TryLaterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TryLaterError';
  }
}

export type PrintDeps = { sql: Queryable; storage: Storage; dataDir: string; followMs?: number; pollMs?: number };

/** The file names a batch goes by in a hot folder. */
export function folderNames(batch: Pick<PrintBatchRow, 'id' | 'order_id' | 'paper' | 'ink'>): { pdf: string; ticket: string } {
  const base = `${orderNumberOf(batch.order_id)}-${batch.paper}-${batch.ink}-${batch.id}`;
  return { pdf: `${base}.pdf`, ticket: `${base}.json` };
}

/** The key prefix (S3) or folder (local files) of a hot-folder printer. */
export const printerFolderKey = (printerId: string) => `printers/${printerId}/`;

async function readAll(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function writeRenamed(dir: string, name: string, body: Buffer): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${name}.partial`);
  await fs.promises.writeFile(temp, body);
  await fs.promises.rename(temp, path.join(dir, name));
}

/** What printing one batch came to, for the log and the tests. */
export type PrintOutcome = 'nothing' | 'printed' | 'waiting' | 'failed';

/** Prints the batch if it is sent (or printing) and its printer is known. */
export async function printBatch(deps: PrintDeps, batchId: string): Promise<PrintOutcome> {
  const [batch] = await deps.sql<PrintBatchRow[]>`select * from print_batches where id = ${batchId}`;
  if (!batch || (batch.state !== 'sent' && batch.state !== 'printing') || !batch.file_key) return 'nothing';
  const [printer] = batch.printer_id ? await deps.sql<PrinterRow[]>`select * from printers where id = ${batch.printer_id}` : [];
  if (!printer) {
    await moveBatch(deps.sql, { batchId, to: 'waiting', cause: 'refused', message: 'The printer was removed before the batch printed: send it again.' });
    return 'waiting';
  }
  const [order] = await deps.sql<{ job_name: string | null; ready_by: Date | null }[]>`select job_name, ready_by from orders where id = ${batch.order_id}`;
  const jobName = `${orderNumberOf(batch.order_id)} ${paperText(batch.paper)} ${batch.ink === 'color' ? 'color' : 'B&W'}${batch.half_size ? ' half-size' : ''}${isReducedPaper(batch.paper) ? ' reduced' : ''} (${batch.id.slice(0, 8)})`;

  if (printer.kind === 'folder') {
    const pdf = await readAll(deps.storage, batch.file_key);
    const names = folderNames(batch);
    const ticket = Buffer.from(
      JSON.stringify(
        {
          batchId: batch.id,
          orderNumber: orderNumberOf(batch.order_id),
          jobName,
          customerJobName: order?.job_name ?? null,
          recipient: batch.recipient_name,
          paper: batch.paper,
          media: PWG_MEDIA[batch.paper],
          ink: batch.ink,
          colorMode: batch.ink === 'color' ? 'color' : 'monochrome',
          scaling: 'none',
          sets: batch.sets,
          halfSize: batch.half_size,
          // The file's pages are the paper already: a reduced set's sheets were fit in it, never by the RIP.
          reduced: isReducedPaper(batch.paper),
          finishing: batch.finishing ?? NO_FINISHING,
          finishingSteps: finishingSteps(batch.finishing),
          pages: batch.pages,
          readyBy: order?.ready_by?.toISOString() ?? null,
          file: names.pdf,
        },
        null,
        2,
      ),
    );
    if (deps.storage.kind === 'local') {
      const dir = path.resolve(deps.dataDir, 'printers', printer.id);
      // The PDF first: a RIP that starts on the ticket finds its file there.
      await writeRenamed(dir, names.pdf, pdf);
      await writeRenamed(dir, names.ticket, ticket);
    } else {
      await deps.storage.put(`${printerFolderKey(printer.id)}${names.pdf}`, pdf, { contentType: 'application/pdf' });
      await deps.storage.put(`${printerFolderKey(printer.id)}${names.ticket}`, ticket, { contentType: 'application/json' });
    }
    await moveBatch(deps.sql, { batchId, to: 'printed', cause: 'completed' });
    return 'printed';
  }

  const uri = printer.uri ?? '';
  let jobId = batch.printer_job_id;
  if (jobId === null) {
    const pdf = await readAll(deps.storage, batch.file_key);
    let answer;
    try {
      answer = await printJob(uri, pdf, { jobName, media: PWG_MEDIA[batch.paper], colorMode: batch.ink === 'color' ? 'color' : 'monochrome' });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      await moveBatch(deps.sql, { batchId, to: 'waiting', cause: 'refused', message: `${printer.name} could not be reached (${why}): send the batch again.` });
      return 'waiting';
    }
    if (answer.status === IPP_SERVER_ERROR_BUSY) throw new TryLaterError(`${printer.name} is busy`);
    const id = answer.attributes.get('job-id')?.[0];
    if (answer.status >= 0x0100 || typeof id !== 'number') {
      const said = answer.attributes.get('status-message')?.[0];
      const message = `${printer.name} refused the batch (IPP status 0x${answer.status.toString(16).padStart(4, '0')}${said ? `: ${String(said)}` : ''}): send it again or to another printer.`;
      await moveBatch(deps.sql, { batchId, to: 'waiting', cause: 'refused', message });
      return 'waiting';
    }
    jobId = id;
    await recordPrinterJob(deps.sql, { batchId, printerJobId: jobId });
    await moveBatch(deps.sql, { batchId, to: 'printing', cause: 'accepted' });
  }

  const until = Date.now() + (deps.followMs ?? 120_000);
  for (;;) {
    let state: number | undefined;
    let reasons: string;
    try {
      const answer = await getJobAttributes(uri, jobId);
      const s = answer.attributes.get('job-state')?.[0];
      state = typeof s === 'number' ? s : undefined;
      reasons = [...(answer.attributes.get('job-state-message') ?? []), ...(answer.attributes.get('job-state-reasons') ?? [])].map(String).join(', ');
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      const message = `${printer.name} went away while printing job ${jobId} (${why}): check what printed, then send the batch again.`;
      await moveBatch(deps.sql, { batchId, to: 'waiting', cause: 'refused', message });
      return 'waiting';
    }
    if (state === JOB_STATE.completed) {
      await moveBatch(deps.sql, { batchId, to: 'printed', cause: 'completed' });
      return 'printed';
    }
    if (state === JOB_STATE.aborted || state === JOB_STATE.canceled) {
      const message = `${printer.name} ${state === JOB_STATE.aborted ? 'aborted' : 'canceled'} job ${jobId}${reasons ? `: ${reasons}` : ''}.`;
      await moveBatch(deps.sql, { batchId, to: 'failed', cause: 'aborted', message });
      return 'failed';
    }
    if (Date.now() > until) throw new TryLaterError(`${printer.name} is still printing job ${jobId}`);
    await new Promise((r) => setTimeout(r, deps.pollMs ?? 1000));
  }
}
