/**
 * The FAQ (anchor #faq): category pills ('All Questions' plus the spec's ten categories) and a
 * multi-open accordion. Each question is a button with aria-expanded/aria-controls over its answer.
 */
import { useState } from 'react';
import { useShopConfig } from '../../data/config';
import { FAQ, FAQ_CATEGORIES, faqAnswer, type FaqCategory } from '../../content/faq';
import { SectionHeading } from './Pricing';
import { StillHaveQuestions } from './StillHaveQuestions';

type Filter = 'All' | FaqCategory;

export function Faq() {
  const config = useShopConfig();
  const [filter, setFilter] = useState<Filter>('All');
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const entries = filter === 'All' ? FAQ : FAQ.filter((e) => e.category === filter);

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const pills: { value: Filter; label: string }[] = [{ value: 'All', label: 'All Questions' }, ...FAQ_CATEGORIES.map((c) => ({ value: c, label: c }))];

  return (
    <section id="faq" tabIndex={-1} aria-labelledby="faq-title" className="scroll-mt-20 border-t border-slate-200 bg-white/80 py-16 outline-none sm:py-20">
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <SectionHeading
          id="faq-title"
          eyebrow="FAQ"
          title="Frequently asked questions"
          lead="Sizes, prices, turnaround, pickup and shipping: the answers to what customers ask us most."
        />
        <div role="group" aria-label="Filter questions by category" className="mt-10 flex flex-wrap justify-center gap-2">
          {pills.map((p) => {
            const active = filter === p.value;
            return (
              <button
                key={p.value}
                type="button"
                aria-pressed={active}
                onClick={() => setFilter(p.value)}
                className={`rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors ${
                  active
                    ? 'border-blueprint-700 bg-blueprint-700 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:border-blueprint-300 hover:text-blueprint-800'
                }`}
              >
                {p.label}
              </button>
            );
          })}
        </div>
        <ul className="mt-8 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          {entries.map((entry) => {
            const isOpen = open.has(entry.id);
            const buttonId = `faq-q-${entry.id}`;
            const panelId = `faq-a-${entry.id}`;
            return (
              <li key={entry.id}>
                <h3>
                  <button
                    id={buttonId}
                    type="button"
                    aria-expanded={isOpen}
                    aria-controls={panelId}
                    onClick={() => toggle(entry.id)}
                    className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-medium text-slate-900 hover:bg-slate-50"
                  >
                    <span>{entry.question}</span>
                    <svg
                      viewBox="0 0 20 20"
                      className={`h-5 w-5 shrink-0 text-blueprint-600 transition-transform ${isOpen ? 'rotate-180' : ''}`}
                      fill="currentColor"
                      aria-hidden="true"
                    >
                      <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
                    </svg>
                  </button>
                </h3>
                <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!isOpen} className="px-5 pb-5 text-sm leading-relaxed text-slate-700">
                  <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-blueprint-700">{entry.category}</p>
                  <p>{faqAnswer(entry, config)}</p>
                </div>
              </li>
            );
          })}
        </ul>
        <StillHaveQuestions />
      </div>
    </section>
  );
}
