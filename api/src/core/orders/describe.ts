/** The words every document uses for an order's sets, inks, job name and PO (receipt, email, job ticket). */
import { PRINT_SIZE_LABELS, type PrintSize } from '../../../../shared/pricing';
import { sheetRanges } from '../../../../shared/orderText';
import { sheetCountsOf, type OrderRow } from './orderRow';

export { sheetRanges };

type Described = Pick<
  OrderRow,
  'sets' | 'page_count' | 'print_size' | 'print_type' | 'color_sheets' | 'color_sheet_count' | 'bw_sheet_count' | 'job_name' | 'po_number'
> &
  Partial<Pick<OrderRow, 'project_code'>>;

/** Which sheets print in color: "All sheets", "None (black and white)" or "Sheets 2, 5". */
export function colorSheetsText(order: Described): string {
  const { color } = sheetCountsOf(order);
  if (color === 0) return 'None (black and white)';
  if (color === order.page_count) return 'All sheets';
  return `Sheet${color === 1 ? '' : 's'} ${sheetRanges(order.color_sheets)}`;
}

/** "3 sets of 42 sheets, 24" x 36"", the color sheets, and the job name, PO and firm project when given. */
export function orderDetailLines(order: Described): string[] {
  const size = PRINT_SIZE_LABELS[order.print_size as PrintSize] ?? order.print_size;
  const sets = `${order.sets} ${order.sets === 1 ? 'set' : 'sets'} of ${order.page_count} ${order.page_count === 1 ? 'sheet' : 'sheets'}, ${size}`;
  return [
    `Sets: ${sets}`,
    `Color sheets: ${colorSheetsText(order)}`,
    ...(order.job_name ? [`Job name: ${order.job_name}`] : []),
    ...(order.po_number ? [`PO: ${order.po_number}`] : []),
    ...(order.project_code ? [`Project: ${order.project_code}`] : []),
  ];
}
