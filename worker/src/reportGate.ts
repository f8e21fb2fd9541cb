/**
 * Which report jobs a worker process may start now (graphile-worker's `forbiddenFlags`).
 *
 * A report runs on the MuPDF child's report threads and takes a core for seconds to minutes; a
 * verdict (`uploads__analyze`) is what a customer waits for. So a process that runs a report starts
 * no second one (other processes take it), and while it measures uploads (a set of many files
 * arriving at once) it starts no report, which would take a core from them. That hold lasts at most
 * VERDICTS_FIRST_MS at a stretch, counted from when the first of the running analyses started, so a
 * steady stream of uploads cannot hold reports back for ever.
 *
 * A fetch that was let take a report counts as one until it comes back: the process's other job
 * loops fetch at the same time, and a report is known to run only once its fetch returns it. So
 * one fetch at a time may take a report. graphile-worker asks for the flags and then, with nothing
 * of another loop in between, announces that fetch (`worker:getJob:start`): the next announced
 * fetch is the one that was let.
 */
import { REPORT_FLAG } from './pdfJobs';

/** Longest stretch a process holds reports back while it measures uploads. */
export const VERDICTS_FIRST_MS = 3000;

type GateJob = { task_identifier: string; flags?: Record<string, true> | null };

/**
 * Counts this process's running reports and analyses from job:start / job:complete, and the fetch
 * that may return a report from worker:getJob:start until it returns.
 */
export function createReportGate(now: () => number = Date.now) {
  let reportsRunning = 0;
  let analysesRunning = 0;
  let analysingSince = 0;
  // 'let': flags without the report flag were handed out and their fetch is not yet announced;
  // a worker id: that worker's fetch may return a report and has not returned.
  let reportFetch: null | 'let' | string = null;
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
    /** A worker announced its fetch (worker:getJob:start). */
    fetching(workerId: string): void {
      if (reportFetch === 'let') reportFetch = workerId;
    },
    /** A worker's fetch returned (job:start, worker:getJob:empty or worker:getJob:error); call after `started`. */
    fetched(workerId: string): void {
      if (reportFetch === workerId) reportFetch = null;
    },
    /** The runner was replaced: its fetches will never return. */
    forgetFetches(): void {
      reportFetch = null;
    },
    /** The flags this process may not start now: the report flag, or none. */
    forbiddenFlags(): string[] | null {
      const measuring = analysesRunning > 0 && now() - analysingSince < VERDICTS_FIRST_MS;
      if (reportsRunning > 0 || measuring || reportFetch !== null) return [REPORT_FLAG];
      reportFetch = 'let';
      return null;
    },
  };
}
