/** The words every document uses for an order's sets, inks, job name and PO (receipt, email, job ticket). */
import { HALF_PAPERS, ORDER_PRINT_SIZE_LABELS, PRINT_SIZE_LABELS, PRINT_SIZES, setsText, type OrderPrintSize, type PrintSize } from '#shared/pricing';
import { printedSheetLabels, projectText, revisionText, sheetRanges, type RevisionPrint } from '#shared/orderText';
import { sheetCountsOf, type OrderRow } from './orderRow';
import { filesOf } from './orderFiles';

export { sheetRanges };

type Described = Pick<
  OrderRow,
  'sets' | 'half_sets' | 'page_count' | 'print_size' | 'print_type' | 'color_sheets' | 'color_sheet_count' | 'bw_sheet_count' | 'job_name' | 'po_number'
> &
  Partial<Pick<OrderRow, 'project_code' | 'project_name' | 'cost_code'>>;

/**
 * Which sheets print in color: "All sheets", "None (black and white)", the sheets by the numbers
 * their title blocks carry ("A-103, A-201") when the order's files were read with them, else by
 * place ("Sheets 2, 5").
 */
export function colorSheetsText(order: Described & Partial<Pick<OrderRow, 'files' | 'print_positions'>>): string {
  const { color } = sheetCountsOf(order);
  if (color === 0) return 'None (black and white)';
  if (color === order.page_count) return 'All sheets';
  const positions = [...new Set(order.color_sheets)].sort((a, b) => a - b);
  // A reprint's color sheets are counted among the sheets it prints: their places say it plainly.
  if (order.files && order.files.length > 0 && !order.print_positions) {
    const labels = printedSheetLabels(order.files, positions);
    if (labels.every((l) => !l.startsWith('sheet '))) return labels.join(', ');
  }
  return `Sheet${color === 1 ? '' : 's'} ${sheetRanges(order.color_sheets)}`;
}

/** "As drawn (100%)" / "24" x 36"": how the order's sheets are sized. */
export function printSizeText(order: Pick<Described, 'print_size'>): string {
  return ORDER_PRINT_SIZE_LABELS[order.print_size as OrderPrintSize] ?? order.print_size;
}

/** "2 sets + 1 half-size set of 42 sheets, As drawn (100%)": which sets are half-size, on every document. */
export function orderSetsLine(order: Pick<Described, 'sets' | 'half_sets' | 'page_count' | 'print_size'> & { reduced_sets?: number }): string {
  const sheets = `${order.page_count} ${order.page_count === 1 ? 'sheet' : 'sheets'}`;
  return `${setsText(order.sets, order.half_sets ?? 0, order.reduced_sets ?? 0)} of ${sheets}, ${printSizeText(order)}`;
}

/**
 * What a half-size set is, for the ticket and receipt: 50% on half the paper, and what that does to a
 * drawing scale. Null without half-size sets.
 */
export function halfSizeNote(order: Pick<Described, 'half_sets' | 'print_size'>): string | null {
  if (!order.half_sets) return null;
  const papers: readonly PrintSize[] = order.print_size === '24x36' || order.print_size === '30x42' ? [order.print_size] : PRINT_SIZES;
  const on = papers.map((p) => `${HALF_PAPERS[p].label} for ${PRINT_SIZE_LABELS[p]}`).join(', ');
  return `Half-size sets: every sheet at exactly 50% (${on} paper), so 1/4" = 1'-0" prints as 1/8" = 1'-0".`;
}

/** "Revision of order #1A2B3C4D — sheets reprinted": a revision order's one sentence, from its print (revisionPrintOf). */
export function revisionLine(revision: RevisionPrint): string {
  return revisionText(
    revision.previousOrderNumber,
    revision.printed.map((s) => s.label),
  );
}

/**
 * "3 sets of 42 sheets, 24" x 36"", the color sheets, and the job name, PO and firm project when
 * given; a revision order's sentence first.
 */
export function orderDetailLines(order: Described & Partial<Pick<OrderRow, 'files' | 'print_positions'>>, revision: RevisionPrint | null = null): string[] {
  const half = halfSizeNote(order);
  return [
    ...(revision ? [revisionLine(revision)] : []),
    `Sets: ${orderSetsLine(order)}`,
    ...(half ? [half] : []),
    `Color sheets: ${colorSheetsText(order)}`,
    ...(order.job_name ? [`Job name: ${order.job_name}`] : []),
    ...(order.po_number ? [`PO: ${order.po_number}`] : []),
    ...(order.project_code ? [`Project: ${orderProjectText(order)}`] : []),
    ...(order.cost_code ? [`Cost code: ${order.cost_code}`] : []),
  ];
}

/**
 * The drawing set's files for the counter, in print order: the file name alone for one file, else
 * `3 files:` and each on its line with the sheets it holds (`2. east.pdf — sheets 4–9`).
 */
export function setFilesText(order: Pick<OrderRow, 'upload_id' | 'file_name' | 'file_key' | 'page_count' | 'files'>): string {
  const files = filesOf(order);
  if (files.length === 1) return files[0].fileName;
  const sheets = (f: (typeof files)[number]) =>
    f.pageCount === 1 ? `sheet ${f.firstPosition}` : `sheets ${f.firstPosition}–${f.firstPosition + f.pageCount - 1}`;
  return [`${files.length} files:`, ...files.map((f, i) => `${i + 1}. ${f.fileName} — ${sheets(f)}`)].join('\n');
}

/** "A-101 · Hoboken Tower", the order's firm project as it was when placed; null without one. */
export function orderProjectText(order: Partial<Pick<OrderRow, 'project_code' | 'project_name'>>): string | null {
  return projectText({ code: order.project_code ?? null, name: order.project_name });
}
