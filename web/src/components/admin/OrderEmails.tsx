/** The emails sent for one order (the outbox in development): subject, status, time and the text. */
import useSWR from 'swr';
import { fetcher } from '../../data/client';
import { Badge, Spinner } from '../ui';
import { dateTimeText } from '#shared/clock';

type Email = { id: string; to: string; subject: string; kind: string; status: 'queued' | 'sent' | 'failed'; text: string; createdAt: string };

export function OrderEmails({ orderId }: { orderId: string }) {
  const { data, error } = useSWR<Email[]>(`/api/admin/emails?orderId=${orderId}`, fetcher);
  if (error) return <p className="text-sm text-red-700">The emails could not be loaded.</p>;
  if (!data) return <Spinner label="Loading emails…" />;
  if (data.length === 0) return <p className="text-sm text-slate-600">No emails sent for this order yet.</p>;
  return (
    <ul className="grid gap-2">
      {data.map((email) => (
        <li key={email.id} className="rounded-md border border-slate-200">
          <details>
            <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-3 py-2 text-sm">
              <span className="font-medium text-slate-900">{email.subject}</span>
              <Badge tone={email.status === 'sent' ? 'completed' : email.status === 'failed' ? 'failed' : 'pending'}>{email.status}</Badge>
              <span className="text-slate-600">
                to {email.to} · {dateTimeText(new Date(email.createdAt))}
              </span>
            </summary>
            <pre className="whitespace-pre-wrap break-words border-t border-slate-100 px-3 py-2 font-sans text-sm text-slate-800">{email.text}</pre>
          </details>
        </li>
      ))}
    </ul>
  );
}
