/**
 * Card or the firm's account: shown only to a signed-in member of a firm with Net 30 terms. The
 * account choice says how much is left on it, and why it cannot be used when an invoice is overdue.
 */
import { longDayText } from '#shared/clock';
import { formatDollars } from '#shared/money';
import { TERMS_TEXT, type PaymentMethod } from '#shared/invoice';
import type { FirmJson } from '#shared/firm';
import { Card, CardHeader } from '../ui';

/** "Invoice to Keystone Architects (Net 30)". */
export function invoiceChoiceText(firm: Pick<FirmJson, 'name' | 'terms'>): string {
  return `Invoice to ${firm.name} (${TERMS_TEXT[firm.terms.terms ?? 'net30']})`;
}

export function PaymentMethodChoice({
  firm,
  value,
  onChange,
  disabled,
}: {
  firm: FirmJson;
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  disabled: boolean;
}) {
  const overdue = firm.invoices.find((i) => i.status === 'overdue');
  const option = (method: PaymentMethod, label: string, note: string | null) => (
    <label
      className={`flex cursor-pointer items-start gap-3 rounded-md border p-3 ${value === method ? 'border-blueprint-600 bg-blueprint-50' : 'border-slate-200'}`}
    >
      <input
        type="radio"
        name="payment-method"
        value={method}
        checked={value === method}
        onChange={() => onChange(method)}
        disabled={disabled}
        className="mt-1 h-4 w-4 accent-blueprint-700"
      />
      <span className="min-w-0">
        <span className="block font-medium text-slate-900">{label}</span>
        {note ? <span className="block text-sm text-slate-600">{note}</span> : null}
      </span>
    </label>
  );
  return (
    <Card>
      <CardHeader title="How to pay" />
      <fieldset className="grid gap-3 p-6 pt-3">
        <legend className="sr-only">Payment method</legend>
        {option('card', 'Card', 'Pay now with a credit or debit card.')}
        {option(
          'invoice',
          invoiceChoiceText(firm),
          overdue
            ? `Invoice ${overdue.number} was due ${longDayText(overdue.dueOn)}: new orders on account wait until it is paid.`
            : `No card needed: the firm is invoiced, due in 30 days. ${firm.terms.available !== null ? `${formatDollars(firm.terms.available)} left on the account.` : ''}`,
        )}
        {firm.role === 'member' && firm.rules.approvalOverDollars !== null ? (
          <p className="text-sm text-slate-600" data-testid="approval-note">
            Orders over {formatDollars(firm.rules.approvalOverDollars)} go on the firm’s account and wait for an owner’s or approver’s yes before they are
            invoiced and printed.
          </p>
        ) : null}
      </fieldset>
    </Card>
  );
}
