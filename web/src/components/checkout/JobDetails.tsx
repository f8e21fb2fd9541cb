/**
 * The checkout's job details: the customer's job name, PO number and notes for the shop, printed on
 * the receipt and the job ticket. Also what the checkout sends about the prints themselves (sets and
 * the sheets in color), so the page keeps one line for each.
 */
import type { CheckoutData } from '#shared/checkout';
import { MAX_JOB_NAME, MAX_ORDER_NOTES, MAX_PO_NUMBER } from '#shared/fields';
import { Card, CardHeader, Field, TextField } from '../ui';

export type JobDetails = { jobName: string; poNumber: string; notes: string };

/** The job details to start with: those a reorder carried over, else empty. */
export function jobDetailsFrom(data: CheckoutData): JobDetails {
  return { jobName: data.jobName ?? '', poNumber: data.poNumber ?? '', notes: data.notes ?? '' };
}

/** The prints part of a create-payment-intent body: sets, print type, with auto the color sheets, and the sheets' order once sorted. */
export function printsBody(data: CheckoutData) {
  return {
    printType: data.printType,
    sets: data.sets ?? 1,
    halfSets: data.halfSets ?? 0,
    ...(data.printType === 'auto' ? { colorSheets: data.colorSheets ?? [] } : {}),
    ...(data.sheetOrder ? { sheetOrder: data.sheetOrder } : {}),
    ...(data.reducedSets ? { reducedSets: data.reducedSets } : {}),
    ...(data.finishing ? { finishing: data.finishing } : {}),
    ...(data.halfFinishing ? { halfFinishing: data.halfFinishing } : {}),
  };
}

/** `poRequired`: the customer's firm asks for a PO number on every order (the server refuses one without). */
export function JobDetailsSection({
  value,
  onChange,
  disabled,
  poRequired = false,
}: {
  value: JobDetails;
  onChange: (value: JobDetails) => void;
  disabled?: boolean;
  poRequired?: boolean;
}) {
  return (
    <Card>
      <CardHeader title="Job details" description="Optional. They go on your receipt and on the job ticket that travels with your prints." />
      <div className="grid gap-4 p-6 sm:grid-cols-2">
        <TextField
          id="job-name"
          label="Job name (optional)"
          maxLength={MAX_JOB_NAME}
          disabled={disabled}
          value={value.jobName}
          onChange={(e) => onChange({ ...value, jobName: e.target.value })}
          placeholder="Smith Residence"
        />
        <TextField
          id="po-number"
          label={poRequired ? 'PO number *' : 'PO number (optional)'}
          required={poRequired}
          maxLength={MAX_PO_NUMBER}
          disabled={disabled}
          value={value.poNumber}
          onChange={(e) => onChange({ ...value, poNumber: e.target.value })}
        />
        <div className="sm:col-span-2">
          <Field label="Notes for the shop (optional)" htmlFor="order-notes">
            <textarea
              id="order-notes"
              rows={3}
              maxLength={MAX_ORDER_NOTES}
              disabled={disabled}
              value={value.notes}
              onChange={(e) => onChange({ ...value, notes: e.target.value })}
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:outline-none focus:ring-2 focus:ring-blueprint-500"
            />
          </Field>
        </div>
      </div>
    </Card>
  );
}
