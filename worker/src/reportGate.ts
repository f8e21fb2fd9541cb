/**
 * Which report jobs a worker process may start now (graphile-worker's `forbiddenFlags`).
 *
 * A report runs on the MuPDF child's report threads and takes a core for seconds to minutes; a
 * verdict (`uploads__analyze`) is what a customer waits for. So a process that runs a report starts
 * no second one (other processes take it), and while it measures uploads (a set of many files
 * arriving at once) it starts no report, which would take a core from them. That hold lasts at most
 * VERDICTS_FIRST_MS at a stretch, counted from when the first of the running analyses started, so a
 * steady stream of uploads cannot hold reports back for ever.
 */
import { REPORT_FLAG } from './pdfJobs';

/** Longest stretch a process holds reports back while it measures uploads. */
export const VERDICTS_FIRST_MS = 3000;

type GateJob = { task_identifier: string; flags?: Record<string, true> | null };

/** Counts this process's running reports and analyses from job:start / job:complete. */
export function createReportGate(now: () => number = Date.now) {
  let reportsRunning = 0;
  let analysesRunning = 0;
  let analysingSince = 0;
  const isReport = (job: GateJob) => !!job.flags?.[REPORT_FLAG];
  const isAnalysis = (job: GateJob) => job.task_identifier === 'uploads__analyze';
  return {
    started(job: GateJob): void {
      if (isReport(job)) reportsRunning++;
      if (isAnalysis(job) && analysesRunning++ === 0) analysingSince = now();
    },
    ended(job: GateJob): void {
      if (isReport(job)) reportsRunning--;
      if (isAnalysis(job)) analysesRunning--;
    },
    /** The flags this process may not start now: the report flag, or none. */
    forbiddenFlags(): string[] | null {
      const measuring = analysesRunning > 0 && now() - analysingSince < VERDICTS_FIRST_MS;
      return reportsRunning > 0 || measuring ? [REPORT_FLAG] : null;
    },
  };
}
