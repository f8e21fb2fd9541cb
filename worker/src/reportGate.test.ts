import { describe, expect, it } from 'vitest';
import { REPORT_FLAG } from './pdfJobs';
import { createReportGate, VERDICTS_FIRST_MS } from './reportGate';

const analysis = (id: number) => ({ id, task_identifier: 'uploads__analyze', flags: null });
const report = { task_identifier: 'uploads__report', flags: { [REPORT_FLAG]: true as const } };
const email = { task_identifier: 'emails__send', flags: null };

describe('the report gate', () => {
  it('lets reports start when the process runs neither a report nor a measurement', () => {
    const gate = createReportGate(() => 0);
    gate.started(email);
    expect(gate.forbiddenFlags()).toBeNull();
  });

  it('starts no second report while one runs here, and takes them again once it ends', () => {
    const gate = createReportGate(() => 0);
    gate.started(report);
    expect(gate.forbiddenFlags()).toEqual([REPORT_FLAG]);
    gate.ended(report);
    expect(gate.forbiddenFlags()).toBeNull();
  });

  it('holds reports back while uploads are measured, for at most VERDICTS_FIRST_MS from the first of them', () => {
    let now = 1_000;
    const gate = createReportGate(() => now);
    gate.started(analysis(1));
    expect(gate.forbiddenFlags()).toEqual([REPORT_FLAG]);
    // A second upload joining later does not move the start of the stretch.
    now += VERDICTS_FIRST_MS - 1;
    gate.started(analysis(2));
    expect(gate.forbiddenFlags()).toEqual([REPORT_FLAG]);
    now += 1;
    expect(gate.forbiddenFlags()).toBeNull();
    // Once every measurement has ended, the next one starts a new stretch.
    gate.ended(analysis(1));
    gate.ended(analysis(2));
    expect(gate.forbiddenFlags()).toBeNull();
    gate.started(analysis(3));
    expect(gate.forbiddenFlags()).toEqual([REPORT_FLAG]);
    gate.ended(analysis(3));
    expect(gate.forbiddenFlags()).toBeNull();
  });
});
