import { describe, expect, it } from 'vitest';
import { REPORT_FLAG } from './pdfJobs';
import { createReportGate, VERDICTS_FIRST_MS } from './reportGate';

const analysis = (id: number) => ({ id, task_identifier: 'uploads__analyze', flags: null });
const report = { task_identifier: 'uploads__report', flags: { [REPORT_FLAG]: true as const } };
const email = { task_identifier: 'emails__send', flags: null };

/** One job loop's fetch that finds nothing: what the gate says, then the fetch announced and back empty. */
function emptyFetch(gate: ReturnType<typeof createReportGate>): string[] | null {
  const flags = gate.forbiddenFlags();
  gate.fetching('loop');
  gate.fetched('loop');
  return flags;
}

describe('the report gate', () => {
  it('lets reports start when the process runs neither a report nor a measurement', () => {
    const gate = createReportGate(() => 0);
    gate.started(email);
    expect(emptyFetch(gate)).toBeNull();
  });

  it('starts no second report while one runs here, and takes them again once it ends', () => {
    const gate = createReportGate(() => 0);
    gate.started(report);
    expect(emptyFetch(gate)).toEqual([REPORT_FLAG]);
    gate.ended(report);
    expect(emptyFetch(gate)).toBeNull();
  });

  it('holds reports back while uploads are measured, for at most VERDICTS_FIRST_MS from the first of them', () => {
    let now = 1_000;
    const gate = createReportGate(() => now);
    gate.started(analysis(1));
    expect(emptyFetch(gate)).toEqual([REPORT_FLAG]);
    // A second upload joining later does not move the start of the stretch.
    now += VERDICTS_FIRST_MS - 1;
    gate.started(analysis(2));
    expect(emptyFetch(gate)).toEqual([REPORT_FLAG]);
    now += 1;
    expect(emptyFetch(gate)).toBeNull();
    // Once every measurement has ended, the next one starts a new stretch.
    gate.ended(analysis(1));
    gate.ended(analysis(2));
    expect(emptyFetch(gate)).toBeNull();
    gate.started(analysis(3));
    expect(emptyFetch(gate)).toEqual([REPORT_FLAG]);
    gate.ended(analysis(3));
    expect(emptyFetch(gate)).toBeNull();
  });
});

describe('the report gate between job loops', () => {
  it('lets one fetch at a time take a report, until it returns', () => {
    const gate = createReportGate(() => 0);
    // Loop A asks and announces its fetch; loop B asks while A's fetch is out.
    expect(gate.forbiddenFlags()).toBeNull();
    gate.fetching('a');
    expect(gate.forbiddenFlags()).toEqual([REPORT_FLAG]);
    gate.fetching('b');
    // B's fetch returns first: A's may still bring a report.
    gate.fetched('b');
    expect(gate.forbiddenFlags()).toEqual([REPORT_FLAG]);
    gate.fetching('b');
    // A's fetch returns a report: it now counts as running.
    gate.started(report);
    gate.fetched('a');
    gate.fetched('b');
    expect(gate.forbiddenFlags()).toEqual([REPORT_FLAG]);
    gate.ended(report);
    expect(gate.forbiddenFlags()).toBeNull();
  });

  it('lets the next fetch take a report once the one that could came back empty or failed', () => {
    const gate = createReportGate(() => 0);
    expect(gate.forbiddenFlags()).toBeNull();
    gate.fetching('a');
    gate.fetched('a');
    expect(gate.forbiddenFlags()).toBeNull();
    gate.fetching('b');
    gate.started(email);
    gate.fetched('b');
    expect(gate.forbiddenFlags()).toBeNull();
  });

  it('forgets a fetch of a runner that was replaced, which never returns', () => {
    const gate = createReportGate(() => 0);
    expect(gate.forbiddenFlags()).toBeNull();
    gate.fetching('a');
    expect(gate.forbiddenFlags()).toEqual([REPORT_FLAG]);
    gate.forgetFetches();
    expect(gate.forbiddenFlags()).toBeNull();
  });
});
