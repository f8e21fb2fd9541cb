/** Every write to `printers`: the counter adds, changes and removes the printers batches go to. */
import type { PrinterInput, PrinterPatch } from '#shared/production';
import type { Queryable } from '../../lib/db';
import { conflict, notFound } from '../../lib/errors';
import type { PrinterRow } from '../printers';

/** Adds a printer. */
export async function addPrinter(tx: Queryable, input: PrinterInput): Promise<PrinterRow> {
  const [row] = await tx<PrinterRow[]>`
    insert into printers (name, kind, uri, papers, color, sheets_per_hour)
    values (${input.name}, ${input.connection.kind}, ${input.connection.kind === 'ipp' ? input.connection.uri : null},
      ${input.papers}, ${input.color}, ${input.sheetsPerHour})
    returning *`;
  return row;
}

/** Changes what was sent of a printer; 404 when there is none. */
export async function changePrinter(tx: Queryable, input: { printerId: string; patch: PrinterPatch }): Promise<PrinterRow> {
  const [current] = await tx<PrinterRow[]>`select * from printers where id = ${input.printerId} for update`;
  if (!current) throw notFound('Printer not found.');
  const p = input.patch;
  const kind = p.connection?.kind ?? current.kind;
  const uri = p.connection ? (p.connection.kind === 'ipp' ? p.connection.uri : null) : current.uri;
  const [row] = await tx<PrinterRow[]>`
    update printers set name = ${p.name ?? current.name}, kind = ${kind}, uri = ${uri}, papers = ${p.papers ?? current.papers},
      color = ${p.color ?? current.color}, sheets_per_hour = ${p.sheetsPerHour ?? current.sheets_per_hour}, updated_at = now()
    where id = ${input.printerId} returning *`;
  return row;
}

/** Removes a printer that is not printing anything; 409 with a sentence while it is. */
export async function removePrinter(tx: Queryable, input: { printerId: string }): Promise<void> {
  const [printer] = await tx<PrinterRow[]>`select * from printers where id = ${input.printerId} for update`;
  if (!printer) throw notFound('Printer not found.');
  const [busy] = await tx<{ n: number }[]>`
    select count(*)::int as n from print_batches where printer_id = ${input.printerId} and state in ('sent', 'printing')`;
  if (busy.n > 0) throw conflict(`${printer.name} is printing ${busy.n === 1 ? 'a batch' : `${busy.n} batches`}: remove it once they are done.`);
  await tx`delete from printers where id = ${input.printerId}`;
}
