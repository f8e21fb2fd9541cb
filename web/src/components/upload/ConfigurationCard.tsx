/**
 * The order configuration card after a successful upload: the file, a strip of sheet previews
 * (./SheetPreviews.tsx), the set's preflight warnings, Remove File, the print size (the drawing's own
 * size preselected), the print type (B&W, Color, or color only where needed, offered only when some
 * sheets but not all are color), the sets, and the live price with its lines and 'Proceed to
 * Checkout' (./OrderSummary.tsx). No price shows before the color verdict ('Checking color…': the
 * price would change), nor for a number of sets out of range (it says so). Choosing a size other
 * than the drawing's says plainly that the prints will not be to scale, and lets the customer go on.
 * The card shows the set and the choices; every change is an action for the screen's reducer.
 */
import { useState, type ReactNode } from 'react';
import { formatCents } from '#shared/money';
import {
  HALF_PAPERS,
  MAX_SETS,
  MIN_SETS,
  ORDER_PRINT_SIZE_LABELS,
  ORDER_PRINT_SIZES,
  PRICE_PER_PAGE_CENTS,
  PRINT_SIZE_LABELS,
  PRINT_TYPE_LABELS,
} from '#shared/pricing';
import { isColorMarkupOnly } from '#shared/sheets';
import { Button, Card } from '../ui';
import { Choice } from './Choice';
import { SummaryPending, SummaryPrice } from './OrderSummary';
import {
  autoLabel,
  detectedColorSheets,
  formatMegabytes,
  isColorSheet,
  papersUsed,
  priceChoices,
  priceOf,
  printTypesFor,
  scaleKeptText,
  scalingOnPaper,
  setsProblem,
  toggledColorSheets,
  type ConfiguredUpload,
  type PrintChoices,
} from './printSet';
import type { PrintSetAction } from './printSetReducer';
import { MarkupOnlyOffer, notesFor, PrintNotes, SetWarnings } from './SetNotes';
import { SetsStepper } from './SetsStepper';
import { SheetPreviews } from './SheetPreviews';
import { SheetOrder } from './SheetOrder';
import { FinishingChoice } from './FinishingChoice';
import { finishingProblem, NO_FINISHING, REDUCED_MARK, REDUCED_PAPER, REDUCED_PRICE_PER_PAGE_CENTS } from '#shared/finishing';

export type ConfigurationCardProps = {
  set: ConfiguredUpload;
  choices: PrintChoices;
  /** The positions in the order they print once sorted by discipline; null in file order. */
  sheetOrder?: number[] | null;
  dispatch: (action: PrintSetAction) => void;
  goingToCheckout: boolean;
  /** The per-sheet report has not said which sheets are color yet (and the customer has not chosen). */
  checkingColor: boolean;
  /** Files of the set still uploading or being analysed: no price or checkout until they are in. */
  pendingFiles?: number;
  /** The set's files with their progress, order and removal (several files), under the header. */
  fileList?: ReactNode;
  /** "This is a revision of order #…" (a signed-in customer's, loaded lazily), under the previews. */
  revisionOf?: ReactNode;
};

const pages = (n: number) => `${n} ${n === 1 ? 'page' : 'pages'}`;

export function ConfigurationCard({
  set,
  choices,
  sheetOrder = null,
  dispatch,
  goingToCheckout,
  checkingColor,
  pendingFiles = 0,
  fileList,
  revisionOf,
}: ConfigurationCardProps) {
  const { printSize, printType, sets, halfSets, colorSheets } = choices;
  const reducedSets = choices.reducedSets ?? 0;
  const [reducedText, setReducedText] = useState(String(reducedSets));
  const [reducedShown, setReducedShown] = useState(reducedSets);
  if (reducedShown !== reducedSets) {
    setReducedShown(reducedSets);
    setReducedText(String(reducedSets));
  }
  // The sets as typed; `sets` is the last valid number. A new `sets` from outside (restored) shows as typed.
  const [setsText, setSetsText] = useState(String(sets));
  const [setsShown, setSetsShown] = useState(sets);
  if (setsShown !== sets) {
    setSetsShown(sets);
    setSetsText(String(sets));
  }
  const [halfText, setHalfText] = useState(String(halfSets));
  const [halfShown, setHalfShown] = useState(halfSets);
  if (halfShown !== halfSets) {
    setHalfShown(halfSets);
    setHalfText(String(halfSets));
  }
  const setsError =
    setsProblem(setsText) ??
    setsProblem(halfText, 'Half-size sets') ??
    setsProblem(reducedText, 'Reduced sets') ??
    (sets + halfSets + reducedSets < 1 ? 'Please order at least one set, full size or half size.' : null) ??
    // Finishing that does not apply: the server's own sentence (shared/finishing.ts).
    finishingProblem({
      finishing: choices.finishing ?? NO_FINISHING,
      halfFinishing: choices.halfFinishing ?? NO_FINISHING,
      sets,
      halfSets,
      pageCount: set.pageCount,
    });
  const isColor = (n: number) => isColorSheet(choices, n);
  const autoCount = printType === 'auto' ? colorSheets.length : (detectedColorSheets(set) ?? colorSheets).length;
  const price = priceOf(set, choices);
  const papers = papersUsed(set);
  // A paper size other than the sheets' own: today's meaning for a one-size set, and a plain warning.
  const scaling = printSize && printSize !== 'asDrawn' ? scalingOnPaper(set, printSize) : null;
  const halfLabels = papers.map((p) => HALF_PAPERS[p].label).join(' or ');

  // Printed in color, though color covers under 1% of them: offered in B&W with what it saves.
  const markupOnly = (set.sheets ?? []).filter((sheet) => isColorMarkupOnly(sheet) && isColor(sheet.number)).map((sheet) => sheet.number);
  const withoutMarkup = Array.from({ length: set.pageCount }, (_, i) => i + 1).filter((n) => isColor(n) && !markupOnly.includes(n));
  const markupPrice =
    price && printSize && markupOnly.length > 0 ? priceChoices(set, { printSize, printType: 'auto', sets, halfSets, colorSheets: withoutMarkup }) : null;
  const markupSaving = price && markupPrice ? price.subtotalCents - markupPrice.subtotalCents : null;
  const several = (set.files?.length ?? 0) > 1;
  const waiting = checkingColor || pendingFiles > 0;

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-100 px-4 py-4 sm:px-6">
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold text-slate-900" title={set.fileName}>
            {several ? `Drawing set of ${set.files?.length} files` : set.fileName}
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            {pages(set.pageCount)} · {formatMegabytes(set.fileSize)} · {papers.map((p) => PRINT_SIZE_LABELS[p]).join(' and ')} paper
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => dispatch({ type: 'allRemoved' })} disabled={goingToCheckout}>
          {several ? 'Remove All Files' : 'Remove File'}
        </Button>
      </div>
      {fileList}

      {/* min-w-0: the scrolling preview strip must not widen the column on a phone. */}
      <div className="grid grid-cols-1 gap-6 px-4 py-5 sm:px-6 [&>*]:min-w-0">
        <SheetPreviews
          upload={set}
          order={sheetOrder}
          isColor={isColor}
          onToggle={(n) => dispatch({ type: 'colorSheetsChosen', colorSheets: toggledColorSheets(set, choices, n) })}
        />
        <SheetOrder set={set} sheetOrder={sheetOrder} dispatch={dispatch} disabled={goingToCheckout} />
        <SetWarnings warnings={set.warnings ?? []} />
        <PrintNotes notes={notesFor(set.sheets, halfSets)} />
        {revisionOf}
        <MarkupOnlyOffer
          upload={set}
          sheets={markupOnly}
          saving={markupSaving}
          onPrintInBw={() =>
            dispatch(withoutMarkup.length === 0 ? { type: 'printTypeChosen', printType: 'bw' } : { type: 'colorSheetsChosen', colorSheets: withoutMarkup })
          }
        />

        <Choice
          legend="Print size"
          name="printSize"
          options={set.detectedSize === 'mixed' ? (['asDrawn'] as const) : ORDER_PRINT_SIZES}
          value={printSize}
          onChange={(size) => dispatch({ type: 'printSizeChosen', printSize: size })}
          label={(size) => ORDER_PRINT_SIZE_LABELS[size]}
          note={(size) => (size === 'asDrawn' ? 'Your scale kept' : scalingOnPaper(set, size) ? 'Scaled' : 'Same as drawn')}
        />
        {printSize === 'asDrawn' && (
          <p role="status" className="rounded-lg border border-blueprint-200 bg-blueprint-50 px-4 py-3 text-sm font-medium text-blueprint-900">
            {scaleKeptText(set)}
          </p>
        )}
        {printSize && printSize !== 'asDrawn' && scaling && (
          <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            <p className="font-semibold">These prints will not be to scale.</p>
            <p className="mt-1">
              Printed on {PRINT_SIZE_LABELS[printSize]} paper your drawings are {scaling} to fit, so measurements taken off the prints with a scale will be
              wrong. Choose {ORDER_PRINT_SIZE_LABELS.asDrawn} for prints to scale, or go on if that is what you want.
            </p>
          </div>
        )}

        <Choice
          legend="Print type"
          name="printType"
          options={printTypesFor(set, printType)}
          value={printType}
          onChange={(type) => dispatch({ type: 'printTypeChosen', printType: type })}
          label={(type) => (type === 'auto' ? autoLabel(autoCount) : PRINT_TYPE_LABELS[type])}
          note={(type) => {
            const paper = printSize && printSize !== 'asDrawn' ? printSize : papers.length === 1 ? papers[0] : null;
            return type === 'auto' || !paper ? 'Per sheet' : `${formatCents(PRICE_PER_PAGE_CENTS[paper][type])} per page`;
          }}
        />

        <div className="grid gap-4 sm:grid-cols-2">
          <SetsStepper
            label="Sets"
            hint={`Full-size copies of the whole drawing set (${MIN_SETS} to ${MAX_SETS}).`}
            sets={sets}
            onSets={(n) => dispatch({ type: 'setsChosen', sets: n })}
            text={setsText}
            onText={setSetsText}
          />
          <SetsStepper
            label="Half-size sets"
            hint={`Every sheet at exactly 50% on ${halfLabels} paper: 1/4" = 1'-0" prints as 1/8" = 1'-0".`}
            sets={halfSets}
            onSets={(n) => dispatch({ type: 'halfSetsChosen', halfSets: n })}
            text={halfText}
            onText={setHalfText}
          />
          <SetsStepper
            label="Reduced sets"
            hint={`Every sheet fit to ${REDUCED_PAPER.label} for the field, marked "${REDUCED_MARK}" (${formatCents(REDUCED_PRICE_PER_PAGE_CENTS.bw)} B&W, ${formatCents(REDUCED_PRICE_PER_PAGE_CENTS.color)} color a sheet; no finishing).`}
            sets={reducedSets}
            onSets={(n) => dispatch({ type: 'reducedSetsChosen', reducedSets: n })}
            text={reducedText}
            onText={setReducedText}
          />
        </div>
        {sets > 0 && (
          <FinishingChoice
            legend="Finishing of the full-size sets"
            half={false}
            value={choices.finishing}
            disabled={goingToCheckout}
            onChange={(finishing) => dispatch({ type: 'finishingChosen', sets: 'full', finishing })}
          />
        )}
        {halfSets > 0 && (
          <FinishingChoice
            legend="Finishing of the half-size sets"
            half
            value={choices.halfFinishing}
            disabled={goingToCheckout}
            onChange={(finishing) => dispatch({ type: 'finishingChosen', sets: 'half', finishing })}
          />
        )}

        {printSize && printType && (waiting || setsError || !price) && <SummaryPending setsError={setsError} pendingFiles={pendingFiles} />}

        {printSize && printType && price && !waiting && !setsError && (
          <SummaryPrice
            pageCount={set.pageCount}
            choices={{ ...choices, printSize, printType }}
            price={price}
            goingToCheckout={goingToCheckout}
            onCheckout={() => dispatch({ type: 'checkoutStarted' })}
          />
        )}
      </div>
    </Card>
  );
}
