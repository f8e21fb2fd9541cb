/** An order's print-ready files (one PDF per paper and ink), offered on its admin row. */
import useSWR from 'swr';
import { fetcher } from '../../data/client';
import { buttonClasses, Spinner } from '../ui';
import { isReducedPaper, paperText, type PrintFileJson } from '#shared/production';

export function PrintFiles({ orderId }: { orderId: string }) {
  const { data, error } = useSWR<PrintFileJson[]>(`/api/admin/orders/${orderId}/print-files`, fetcher);
  if (error) return <p className="text-sm text-red-700">The print files could not be loaded.</p>;
  if (!data) return <Spinner label="Loading print files…" />;
  if (data.length === 0) return <p className="text-sm text-slate-600">No print files yet: they are built when the order is paid.</p>;
  return (
    <ul aria-label="Print files" className="flex w-full flex-wrap items-center gap-2 text-sm">
      {data.map((file) => (
        <li key={file.batchId}>
          <a className={buttonClasses('outline', 'sm')} href={file.url} target="_blank" rel="noopener noreferrer">
            {paperText(file.paper)} {file.ink === 'color' ? 'color' : 'B&W'}
            {file.halfSize ? ' half-size' : ''}
            {isReducedPaper(file.paper) ? ' reduced' : ''} ({file.pages} pp)
          </a>
        </li>
      ))}
    </ul>
  );
}
