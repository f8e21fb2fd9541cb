/**
 * The one home of the ready-by promise with the production queue (docs/decisions/070): the queue's
 * load read here, the estimate and the promise from shared/queuePromise.ts. `GET /api/turnaround`,
 * checkout's quote and the ready-by fixed at payment or placement on account all ask `readyByFor`
 * (or `turnaroundFor`, which answers both promises the same way), so what the customer was shown is
 * what the order keeps.
 */
import type { ClockOptions } from '#shared/clock';
import type { CalendarDay } from '#shared/holidays';
import type { Finishing } from '#shared/finishing';
import { readyByText, shipDayFor } from '#shared/readyBy';
import {
  orderWorkOf,
  sumWork,
  queuePromiseText,
  queueReadyBy,
  queueTurnaround,
  queueWaitFor,
  type OrderWork,
  type QueueBatch,
  type QueueLoad,
  type QueueTurnaround,
} from '#shared/queuePromise';
import type { Queryable } from '../lib/db';
import type { OrderRow } from '../orders/orderRow';

type LoadRow = {
  paper: QueueBatch['paper'];
  ink: QueueBatch['ink'];
  pages: number;
  state: QueueBatch['state'];
  printer_id: string | null;
  rush_order: boolean;
};

/**
 * What the printers hold now: every batch of a paid or on-account order, not cancelled, that is
 * waiting, sent or printing, with its file or still being built (such a batch counts its sheets and
 * a banner; one whose files are gone will not print and holds no one up), in the queue's order; and
 * the printers with their papers, color and speed.
 * `excludeOrderId`: an order being promised again is not ahead of itself.
 */
export async function queueLoadOf(sql: Queryable, options: { excludeOrderId?: string } = {}): Promise<QueueLoad> {
  const [printers, rows] = await Promise.all([
    sql<
      { id: string; papers: string[]; color: boolean; sheets_per_hour: number }[]
    >`select id, papers, color, sheets_per_hour from printers order by created_at, id`,
    sql<LoadRow[]>`
      select b.paper, b.ink, coalesce(b.pages, b.sets * cardinality(b.positions) + 1)::int as pages, b.state, b.printer_id, o.rush_order
      from print_batches b join orders o on o.id = b.order_id
      where b.state in ('waiting', 'sent', 'printing') and o.payment_status in ('paid', 'invoiced') and o.status <> 'failed'
        and (b.file_key is not null or (b.built_at is null and b.message is null))
        ${options.excludeOrderId ? sql`and b.order_id <> ${options.excludeOrderId}` : sql``}
      order by o.rush_order desc, coalesce(o.ready_by, o.created_at), o.created_at, b.order_id, b.half_size, b.paper, b.ink = 'bw', b.created_at, b.id`,
  ]);
  return {
    printers: printers.map((p) => ({ id: p.id, papers: p.papers, color: p.color, sheetsPerHour: p.sheets_per_hour })),
    batches: rows.map((r) => ({ paper: r.paper, ink: r.ink, pages: r.pages, state: r.state, printerId: r.printer_id, rush: r.rush_order })),
  };
}

type WorkRow = Pick<
  OrderRow,
  'id' | 'page_count' | 'color_sheet_count' | 'color_sheets' | 'print_type' | 'sets' | 'half_sets' | 'reduced_sets' | 'finishing' | 'half_finishing'
>;

/** A recipient's package as its work is counted (finishing null on rows stored before it had its own). */
type PackageWorkRow = {
  positions: number[];
  sets: number;
  half_sets: number;
  reduced_sets: number | null;
  finishing: Finishing | null;
  half_finishing: Finishing | null;
};

/**
 * An order's own work: every set's sheets of each ink (full-size, half-size and reduced sets) and its
 * finishing. An order with recipients is the sum of their packages (each its own sheets, sets,
 * reduced sets and finishing), as checkout priced and promised it; the order's own columns hold
 * only the sums of its sets and no finishing.
 */
export async function workOfOrder(sql: Queryable, order: WorkRow): Promise<OrderWork> {
  const packages = await sql<PackageWorkRow[]>`
    select positions, sets, half_sets, reduced_sets, finishing, half_finishing from order_recipients where order_id = ${order.id} order by position`;
  if (packages.length === 0) {
    const colorPages = order.color_sheet_count ?? (order.print_type === 'color' ? order.page_count : 0);
    return orderWorkOf({
      pageCount: order.page_count,
      colorPages,
      sets: order.sets,
      halfSets: order.half_sets,
      reducedSets: order.reduced_sets ?? 0,
      finishing: order.finishing,
      halfFinishing: order.half_finishing,
    });
  }
  const color = new Set(order.color_sheets ?? []);
  return sumWork(
    packages.map((p) =>
      orderWorkOf({
        pageCount: p.positions.length,
        colorPages: order.print_type === 'color' ? p.positions.length : p.positions.filter((position) => color.has(position)).length,
        sets: p.sets,
        halfSets: p.half_sets,
        reducedSets: p.reduced_sets ?? 0,
        finishing: p.finishing,
        halfFinishing: p.half_finishing,
      }),
    ),
  );
}

/** When an order of `work` paid (or placed on account) at `at` is ready, and whether the queue pushed it. */
export async function readyByFor(
  sql: Queryable,
  input: { at: Date; rush: boolean; work: OrderWork; clock: ClockOptions; excludeOrderId?: string },
): Promise<{ readyBy: Date; queue: boolean }> {
  const load = await queueLoadOf(sql, { excludeOrderId: input.excludeOrderId });
  return queueReadyBy(input.at, input.rush, queueWaitFor(load, input.work, input.rush), input.clock);
}

/**
 * The day the tube of an order of `work` paid at `at` leaves: from the promise the queue allows, so
 * a delivery date quoted while the queue is full counts from the day the prints are really ready.
 */
export async function shipDayOf(sql: Queryable, input: { at: Date; rush: boolean; work: OrderWork; clock: ClockOptions }): Promise<CalendarDay> {
  const { readyBy } = await readyByFor(sql, input);
  return shipDayFor(readyBy, input.clock);
}

/** Both promises (regular and rush) for an order of `work` at `at`, as `GET /api/turnaround` answers them. */
export async function turnaroundFor(sql: Queryable, input: { at: Date; work: OrderWork; clock: ClockOptions }): Promise<QueueTurnaround> {
  return queueTurnaround(input.at, await queueLoadOf(sql), input.work, input.clock);
}

/** A promise as a quote carries it: the instant, how a person reads it, and the queue's sentence when it pushed it. */
export type QuotedPromise = { readyBy: string; text: string; queue: string | null };

/** The promise of an order of `work` being priced at `at` (checkout's quote): `readyByFor`, worded. */
export async function quotedPromise(
  sql: Queryable,
  input: { at: Date; rush: boolean; clock: ClockOptions; work: OrderWork; excludeOrderId?: string },
): Promise<QuotedPromise> {
  const ready = await readyByFor(sql, input);
  return {
    readyBy: ready.readyBy.toISOString(),
    text: readyByText(ready.readyBy, input.at, input.clock),
    queue: ready.queue ? queuePromiseText(ready.readyBy, input.at, input.clock) : null,
  };
}
