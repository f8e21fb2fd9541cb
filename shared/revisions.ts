/**
 * Revisions: a new issue of a set compared sheet by sheet with the issue printed before
 * (docs/decisions/029-revisions.md). The request to start one and the JSON a revision is read as.
 */
import { z } from 'zod';
import { uuidField } from './fields';

/** Files one issue may be made of (a set uploaded as several PDFs). */
export const MAX_ISSUE_FILES = 50;

const uploadIdsField = z
  .array(uuidField, { error: 'Please choose the files of the new issue.' })
  .min(1, 'Please choose the files of the new issue.')
  .max(MAX_ISSUE_FILES, `An issue can have at most ${MAX_ISSUE_FILES} files.`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each file can be part of the issue once.');

/**
 * POST /api/revisions: the new issue's uploads, compared with a previous order's files or, when those
 * are gone, with uploads of the issue printed before.
 */
export const StartRevisionSchema = z.union([
  z.strictObject({ previousOrderId: uuidField, uploadIds: uploadIdsField }),
  z.strictObject({ previousUploadIds: uploadIdsField, uploadIds: uploadIdsField }),
]);
export type StartRevisionInput = z.infer<typeof StartRevisionSchema>;

export const REVISION_STATUSES = ['comparing', 'ready', 'failed'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];
export type SheetChange = 'changed' | 'unchanged' | 'new';
/** Why a sheet is `changed` beyond its drawing: its size, a title-block-only change, or pages that would not render. */
export type ChangeReason = 'size changed' | 'title block only' | 'could not be compared';

/** A changed region in inches from the sheet's top-left corner. */
export type RevisionBox = { xIn: number; yIn: number; widthIn: number; heightIn: number };

export type RevisionSheetJson = {
  /** 1..N across the new issue's files. */
  position: number;
  sheetNumber: string | null;
  sheetTitle: string | null;
  change: SheetChange;
  previousPosition: number | null;
  /** Share of the sheet's ink that changed (0..1); null for a new sheet or one that could not be compared. */
  changedShare: number | null;
  boxes: RevisionBox[];
  /** The overlay preview (PNG); add `size=large` for the enlarged one. Null when the sheet has none. */
  overlayUrl: string | null;
  reason: ChangeReason | null;
};

export type RevisionJson = {
  revisionId: string;
  status: RevisionStatus;
  /** Null when compared with uploads of the previous issue rather than an order. */
  previousOrderNumber: string | null;
  sheets: RevisionSheetJson[];
  /** The sheets of the previous issue the new one lacks, each by its number and title (null when none was read). */
  removed: { sheetNumber: string | null; sheetTitle: string | null; previousPosition: number }[];
  message: string | null;
  /**
   * Everyone the previous order sent the set to, when it had recipients ([] otherwise): what each
   * held of the previous issue and what a reprint to "holders" sends them (its changed and new sheets).
   */
  holders: { name: string; company: string | null; holds: string[]; receives: string[] }[];
};
