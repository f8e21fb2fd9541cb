/**
 * The job ticket (PDFKit): the sheet the print room keeps with an order while it is printed, trimmed
 * and rolled. What to print (sets, size, which sheets in color), for whom, by when and how it leaves
 * the shop, the customer's job name, PO and notes, and a Code 128 barcode of the order number to scan.
 * Everything, checklist included, is on page 1; notes longer than the room left there continue on a
 * second page. An order with recipients adds a packing list per package after them (as many pages
 * as the list needs).
 */
import { finishingInstructions } from '#shared/finishing';
import { renderPdf, type Pdf } from '../../lib/pdfDocument';
import { drawLines, drawText, layoutLines, lineHeight, textWidth, type BlockOptions } from '../../lib/pdfLayout';
import { orderNumberOf } from '#shared/fields';
import { PRINT_SIZE_LABELS, setsText, type PrintSize } from '#shared/pricing';
import { drawCode128 } from '../labels/code128';
import { colorSheetsText, halfSizeNote, orderProjectText, revisionLine, setFilesText } from '../../orders/describe';
import { hasSheetNames, type SheetListEntry } from '../../orders/sheetList';
import { sheetLabel, type RevisionPrint } from '#shared/orderText';
import { readyByDateText } from '#shared/readyBy';
import { dateTimeText } from '#shared/clock';
import { DEFAULT_SHOP, type ShopFacts } from '#shared/shop';
import { priceLinesOf, sheetCountsOf, type OrderRow, type RecipientPackage } from '../../orders/orderRow';
import { hasRecipients } from '../../orders/recipients';
import { addressLine } from '#shared/address';

const INK = '#000000';
const MUTED = '#444444';

/** Every date on the ticket is on the counter's wall (the shop clock), whatever the server's zone. */
const ON_SHOP_CLOCK = { timeZone: DEFAULT_SHOP.timeZone };

/** File name of the ticket when the admin opens or downloads it: `JOB-TICKET-1A2B3C4D.pdf`. */
export function jobTicketFileName(orderId: string): string {
  return `JOB-TICKET-${orderNumberOf(orderId)}.pdf`;
}

/**
 * When the order must be ready: the promise fixed at payment (docs/decisions/010-promises-ready-by-and-free-shipping.md), else (orders paid before it
 * existed) the estimate the checkout showed.
 */
export function ticketReadyBy(order: Pick<OrderRow, 'ready_by' | 'estimated_delivery' | 'rush_order' | 'shipping_method'>): string {
  const rush = order.rush_order ? 'RUSH: ' : '';
  if (order.ready_by) return `${rush}${readyByDateText(order.ready_by, ON_SHOP_CLOCK)}`;
  const base = order.estimated_delivery ?? (order.shipping_method === 'pickup' ? 'Ready for pickup in 24-48 hours' : 'Not set');
  return order.rush_order ? `RUSH: 4-6 hours (${base})` : base;
}

const MARGIN = 48;
const LABEL_WIDTH = 110;
/** The rows' type sizes, largest first: the first at which every row and the checklist fit page 1. */
const BODY_SIZES = [12, 11, 10, 9];
/** The ticket's rows, in the order they print. */
type RowName =
  | 'Customer'
  | 'Delivery'
  | 'Ready by'
  | 'Job name'
  | 'PO'
  | 'Project'
  | 'Cost code'
  | 'Tax'
  | 'File'
  | 'Size'
  | 'Sets'
  | 'Finishing'
  | 'Color sheets'
  | 'Sheets'
  | 'Revision';
/**
 * At the smallest size, the most lines each row may take, so page 1 always holds them; keyed by the
 * row's name, so a row shown only for some orders never shifts another row's cap.
 */
const ROW_MAX_LINES: Record<RowName, number> = {
  Customer: 6,
  Delivery: 6,
  'Ready by': 2,
  'Job name': 3,
  PO: 2,
  Project: 2,
  'Cost code': 1,
  Tax: 2,
  File: 3,
  Size: 2,
  Sets: 5,
  Finishing: 3,
  'Color sheets': 3,
  Sheets: 5,
  Revision: 8,
};
/** Rows cut at every size, not only the smallest: the sheet list of a 200-sheet set never pushes the rest down. */
const ROW_ALWAYS_MAX_LINES: Partial<Record<RowName, number>> = { Sheets: 8, Revision: 14 };
/** A part of a row's value and the most lines it may take on a crowded ticket. */
type Part = [text: string, maxLines: number];
const ROW_GAP = 10;
/** The checklist's height: the rule above it, its gap and four boxes. */
const CHECKLIST_HEIGHT = 16 + 4 * 20;

/**
 * The notes as lines, split between page 1 (`first`) and page 2 (`rest`). When the notes' own line
 * breaks would need more than the two pages hold (a note of hundreds of short lines), its lines are
 * run together with "¶" where each break was, which a thousand characters always fit in.
 */
export function splitNotes(
  doc: Pdf,
  notes: string,
  width: number,
  page1Lines: number,
  page2Lines: number,
  size = BODY_SIZES[0],
): { first: string[]; rest: string[]; continued: boolean } {
  const asWritten = layoutLines(doc, notes, { size, width });
  if (asWritten.length <= page1Lines) return { first: asWritten, rest: [], continued: false };
  // One line of page 1 says the notes go on overleaf.
  const room1 = Math.max(0, page1Lines - 1);
  if (asWritten.length <= room1 + page2Lines) return { first: asWritten.slice(0, room1), rest: asWritten.slice(room1), continued: true };
  const runTogether = layoutLines(doc, notes.replace(/\s*\n[\s\n]*/g, ' ¶ '), { size, width, maxLines: room1 + page2Lines });
  if (runTogether.length <= page1Lines) return { first: runTogether, rest: [], continued: false };
  return { first: runTogether.slice(0, room1), rest: runTogether.slice(room1), continued: true };
}

/**
 * Renders the job ticket for one order; resolves with the PDF bytes. `sheets` (sheetListOf) adds
 * the set's sheets by number and title, when any sheet was named; `revision` (revisionPrintOf), a
 * revision's reprint: the sheets printed with where each goes in the customer's set, and the sheets
 * to take out of it.
 */
export function renderJobTicket(
  order: OrderRow,
  shop: ShopFacts,
  sheets: readonly SheetListEntry[] = [],
  revision: RevisionPrint | null = null,
): Promise<Buffer> {
  const number = orderNumberOf(order.id);
  return renderPdf({ size: 'LETTER', margin: MARGIN, info: { Title: `Job ticket ${number}`, Author: shop.name } }, (doc) => {
    const left = MARGIN;
    const right = doc.page.width - MARGIN;
    const width = right - left;
    const bottom = doc.page.height - MARGIN;

    doc.fillColor(INK);
    drawText(doc, 'JOB TICKET', left, 44, { size: 24, bold: true });
    drawText(doc, `Order ${number}`, left, 44, { size: 24, bold: true, width, align: 'right' });
    doc.fillColor(MUTED);
    drawText(doc, `Placed ${dateTimeText(order.paid_at ?? order.created_at, ON_SHOP_CLOCK)}`, left, 76, { size: 10 });
    drawText(doc, order.payment_status.toUpperCase(), left, 76, { size: 10, width, align: 'right' });

    // The barcode of the order number: Code 128 B, quiet zones either side.
    const bars = drawCode128(doc, number, { x: right, top: 94, height: 54, maxWidth: 260, maxUnit: 2, align: 'right', color: INK });
    doc.fillColor(INK);
    drawText(doc, number, bars.left, 150, { size: 11, bold: true, width: bars.width, align: 'center' });
    if (order.rush_order) drawText(doc, 'RUSH', left, 104, { size: 28, bold: true });

    doc.moveTo(left, 176).lineTo(right, 176).lineWidth(1.5).strokeColor(INK).stroke();

    const counts = sheetCountsOf(order);
    const size =
      order.print_size === 'asDrawn'
        ? 'As drawn at 100%: each sheet on the smaller paper it fits (see the lines below)'
        : `${PRINT_SIZE_LABELS[order.print_size as PrintSize] ?? order.print_size}, every sheet on it`;
    const half = halfSizeNote(order);
    // With recipients each package has its own finishing, said on its packing list.
    const finishing = hasRecipients(order)
      ? (order.recipients ?? []).some((p) => packageFinishing(p).length > 0)
        ? ['Each package its own: see the packing lists']
        : []
      : finishingInstructions({
          finishing: order.finishing,
          halfFinishing: order.half_finishing,
          sets: order.sets,
          halfSets: order.half_sets ?? 0,
          reducedSets: order.reduced_sets ?? 0,
        });
    const full = order.sets * order.page_count;
    const halves = (order.half_sets ?? 0) * order.page_count;
    const a = order.shipping_address;
    // The address in parts, each cut on its own when the ticket is crowded, so the state and ZIP are
    // never the part that is cut away.
    const packages = order.recipients ?? [];
    const shippedPackages = packages.filter((p) => p.delivery === 'shipping').length;
    const delivery: Part[] = hasRecipients(order)
      ? [[`${packages.length} packages (${shippedPackages} shipped, ${packages.length - shippedPackages} picked up): see the packing lists`, 2]]
      : order.shipping_method === 'pickup' || !a
        ? [['Pickup at the shop', 1]]
        : [
            [`Ship${order.shipping_service ? ` (${order.shipping_service})` : ''} to:`, 1],
            [a.street1, 2],
            ...(a.street2 ? ([[a.street2, 1]] as Part[]) : []),
            [`${a.city},`, 1],
            [`${a.state} ${a.zipCode}`, 1],
          ];
    const rows: [RowName, string | Part[]][] = [
      [
        'Customer',
        [`${order.customer_first_name} ${order.customer_last_name}`.trim(), order.customer_email, order.customer_phone ?? ''].filter(Boolean).join('\n'),
      ],
      ['Delivery', delivery],
      ['Ready by', ticketReadyBy(order)],
      ['Job name', order.job_name ?? '-'],
      ['PO', order.po_number ?? '-'],
      // A firm's project, when the order names one: the counter files the prints by it.
      ...(order.project_code ? ([['Project', orderProjectText(order) ?? order.project_code]] as [RowName, string][]) : []),
      ...(order.cost_code ? ([['Cost code', order.cost_code]] as [RowName, string][]) : []),
      // Why the tax is $0.00, when a firm's certificate made it so.
      ...(order.tax_exempt_text ? ([['Tax', order.tax_exempt_text]] as [RowName, string][]) : []),
      ['File', setFilesText(order)],
      ['Size', size],
      [
        'Sets',
        [
          `${setsText(order.sets, order.half_sets ?? 0, order.reduced_sets ?? 0)} of ${order.page_count} ${order.page_count === 1 ? 'sheet' : 'sheets'} ` +
            (halves ? `(${full} full-size, ${halves} half-size prints)` : `(${full} prints)`),
          ...(half ? [half] : []),
          // Which paper and scale each print goes on, when that is more than one size.
          ...(half || order.print_size === 'asDrawn' ? priceLinesOf(order).map((l) => `${l.quantity} × ${l.description}`) : []),
        ].join('\n'),
      ],
      // Folding (which way the title block faces), binding, holes and reduced sets, when ordered.
      ...(finishing.length > 0 ? ([['Finishing', finishing.join('\n')]] as [RowName, string][]) : []),
      ['Color sheets', `${colorSheetsText(order)} (${counts.color} color, ${counts.bw} B&W per set)`],
      // A revision's slip-sheet instructions: each printed sheet replaces its predecessor or goes in
      // after a sheet, and the sheets dropped from the set come out.
      ...(revision ? ([['Revision', revisionInstructions(revision)]] as [RowName, string][]) : []),
      // The set's sheets by title-block number and title, to check the prints against.
      ...(hasSheetNames(sheets) ? ([['Sheets', sheets.map((sheet) => `${sheet.position}: ${sheetLabel(sheet)}`).join('  ·  ')]] as [RowName, string][]) : []),
    ];
    const valueX = left + LABEL_WIDTH;
    const valueWidth = width - LABEL_WIDTH;
    // The largest size at which the rows, a first line of notes and the checklist fit page 1; at the
    // smallest, rows are cut to a few lines each (a ticket with a 250-character name is possible).
    const layoutAt = (size: number, capped: boolean) => {
      const lines = rows.map(([name, value]) => {
        if (typeof value === 'string')
          return layoutLines(doc, value, { size, width: valueWidth, maxLines: capped ? ROW_MAX_LINES[name] : ROW_ALWAYS_MAX_LINES[name] });
        // The city and its state and ZIP share a line, as on an envelope, when that line fits.
        const [city, stateZip] = value.slice(-2).map(([text]) => text);
        const together = value.length > 2 && textWidth(doc, `${city} ${stateZip}`, { size }) <= valueWidth;
        const parts: Part[] = together ? [...value.slice(0, -2), [`${city} ${stateZip}`, 1]] : value;
        return parts.flatMap(([text, maxLines]) => layoutLines(doc, text, { size, width: valueWidth, maxLines: capped ? maxLines : undefined }));
      });
      const height = lines.reduce((sum, l) => sum + Math.max(1, l.length) * lineHeight(size) + ROW_GAP, 0) + lineHeight(size) + ROW_GAP;
      return { size, lines, fits: 192 + height + CHECKLIST_HEIGHT <= bottom };
    };
    let layout = layoutAt(BODY_SIZES[0], false);
    for (const size of BODY_SIZES.slice(1)) {
      if (layout.fits) break;
      layout = layoutAt(size, false);
    }
    if (!layout.fits) layout = layoutAt(layout.size, true);
    const BODY: BlockOptions = { size: layout.size };
    let y = 192;
    const row = (label: string, lines: string[]) => {
      doc.fillColor(INK);
      const labelEnd = drawText(doc, label, left, y, { ...BODY, bold: true, width: LABEL_WIDTH - 8 });
      const valueEnd = drawLines(doc, lines, valueX, y, BODY);
      y = Math.max(labelEnd, valueEnd) + ROW_GAP;
    };
    rows.forEach(([label], i) => row(label, layout.lines[i]));

    // The notes: what fits above the checklist here, the rest on page 2.
    const lh = lineHeight(BODY.size);
    const page1Lines = Math.max(1, Math.floor((bottom - CHECKLIST_HEIGHT - ROW_GAP - y) / lh));
    const page2Top = 120;
    const page2Lines = Math.floor((bottom - page2Top) / lh);
    const notes = order.notes ? splitNotes(doc, order.notes, valueWidth, page1Lines, page2Lines, BODY.size) : { first: ['-'], rest: [], continued: false };
    row('Notes', notes.continued ? [...notes.first, 'Continued on page 2 →'] : notes.first);

    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(MUTED).stroke();
    y += 16;
    doc.fillColor(INK);
    for (const step of [
      'Printed',
      'Checked against the color sheets',
      'Trimmed and rolled',
      order.shipping_method === 'pickup' ? 'Ready on the pickup shelf' : 'Label on the tube',
    ]) {
      doc.rect(left, y, 11, 11).lineWidth(1).strokeColor(INK).stroke();
      drawText(doc, step, left + 20, y - 1, { size: 11 });
      y += 20;
    }

    if (notes.continued) {
      doc.addPage();
      doc.fillColor(INK);
      drawText(doc, 'JOB TICKET', left, 44, { size: 24, bold: true });
      drawText(doc, `Order ${number}`, left, 44, { size: 24, bold: true, width, align: 'right' });
      doc.fillColor(MUTED);
      drawText(doc, 'Page 2: notes, continued', left, 76, { size: 10 });
      doc.moveTo(left, 100).lineTo(right, 100).lineWidth(1.5).strokeColor(INK).stroke();
      y = page2Top;
      row('Notes', notes.rest);
    }
    if (hasRecipients(order)) drawPackingLists(doc, order, revision);
  });
}

/** One package's finishing and reduced sets as the counter does them, one line each; [] for none. */
export function packageFinishing(p: Pick<RecipientPackage, 'finishing' | 'halfFinishing' | 'sets' | 'halfSets' | 'reducedSets'>): string[] {
  return finishingInstructions({ finishing: p.finishing, halfFinishing: p.halfFinishing, sets: p.sets, halfSets: p.halfSets, reducedSets: p.reducedSets });
}

/** Slip-sheet lines at most one a line; a longer list runs together, so the row's cap never cuts an instruction off. */
const INSTRUCTIONS_ONE_A_LINE = 10;

/**
 * "Revision of order #1A2B3C4D — sheets A-102, A-105 reprinted." then "A-102 — replace",
 * "A-105 — insert after A-103", "A-104 — remove".
 */
export function revisionInstructions(revision: RevisionPrint): string {
  const steps = [...revision.printed.map((s) => `${s.label} — ${s.instruction}`), ...revision.removed.map((label) => `${label} — remove`)];
  return [`${revisionLine(revision)}.`, steps.join(steps.length > INSTRUCTIONS_ONE_A_LINE ? '  ·  ' : '\n')].join('\n');
}

/**
 * One package's slip-sheet instructions for a revision's reprint: its own printed sheets, and the
 * dropped sheets among those it held before.
 */
export function packageInstructions(revision: RevisionPrint, p: Pick<RecipientPackage, 'positions' | 'heldBeforeSheetNumbers'>): string[] {
  const mine = new Set(p.positions);
  const held = p.heldBeforeSheetNumbers ? new Set(p.heldBeforeSheetNumbers) : null;
  return [
    ...revision.printed.filter((s) => mine.has(s.position)).map((s) => `${s.label} — ${s.instruction}`),
    ...revision.removed.filter((label) => !held || held.has(label)).map((label) => `${label} — remove`),
  ];
}

/**
 * The packing lists of an order with recipients, from a new page: per package its recipient, what
 * goes in it (sheets by number, sets, half sets), how it leaves (the label's tracking number or the
 * pickup shelf) and, for a revision's reprint, that holder's own slip-sheet instructions.
 */
function drawPackingLists(doc: Pdf, order: OrderRow, revision: RevisionPrint | null): void {
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;
  const number = orderNumberOf(order.id);
  let y = 0;
  const page = () => {
    doc.addPage();
    doc.fillColor(INK);
    drawText(doc, 'PACKING LISTS', left, 44, { size: 20, bold: true });
    drawText(doc, `Order ${number}`, left, 44, { size: 20, bold: true, width, align: 'right' });
    doc
      .moveTo(left, 74)
      .lineTo(left + width, 74)
      .lineWidth(1.5)
      .strokeColor(INK)
      .stroke();
    y = 88;
  };
  page();
  const packages = order.recipients ?? [];
  for (const p of packages) {
    const a = p.address;
    const lines = [
      [p.company, p.email, p.phone].filter(Boolean).join(' · '),
      p.delivery === 'pickup' || !a ? 'Pickup at the counter' : `Ship${p.shippingService ? ` (${p.shippingService})` : ''} to ${addressLine(a)}`,
      `Label: ${p.delivery === 'pickup' ? 'none (pickup shelf)' : (p.trackingNumber ?? 'not bought yet')}`,
      `${setsText(p.sets, p.halfSets, p.reducedSets)} of ${p.positions.length} ${p.positions.length === 1 ? 'sheet' : 'sheets'}: ${p.sheetNumbers.join(', ')}`,
      // Folding (which way the title block faces), binding, holes and reduced sets of this package.
      ...packageFinishing(p).map((l) => `Finishing: ${l}`),
      ...(revision ? ['Slip sheets:', ...packageInstructions(revision, p)] : []),
    ].filter(Boolean);
    const laid = lines.map((l) => layoutLines(doc, l, { size: 10, width: width - 36 }));
    const height = 20 + laid.reduce((h, l) => h + l.length * lineHeight(10), 0) + 16;
    if (y + height > bottom) page();
    doc.rect(left, y, 11, 11).lineWidth(1).strokeColor(INK).stroke();
    doc.fillColor(INK);
    drawText(doc, `${p.position} of ${packages.length}: ${p.name}`, left + 20, y - 2, { size: 13, bold: true, width: width - 20 });
    y += 20;
    doc.fillColor(MUTED);
    for (const l of laid) y = drawLines(doc, l, left + 20, y, { size: 10 });
    y += 8;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(MUTED)
      .stroke();
    y += 12;
  }
}
