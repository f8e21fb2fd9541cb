// Types of the report functions the tests call straight (sheetReport.mjs stays plain JavaScript for the MuPDF child).
import type { DisplayList, Page } from 'mupdf';

export interface SheetFields {
  color: boolean;
  blank: boolean;
  scaleNotes: string[];
  lowResolution: boolean;
}
export const MAX_CONTENT_BYTES: number;
export function reportSheet(page: Page, previewPx: number): { sheet: SheetFields; preview: Uint8Array | null };
export function reportWhole(page: Page, previewPx: number): { sheet: SheetFields; preview: Uint8Array | null };
export function reportByLinework(page: Page): SheetFields | null;
export function survey(source: DisplayList | Page, bounds: number[]): { ink: boolean; tinted: boolean; unsure: boolean; tintedBounds: number[] | null };
export function colourOf(list: DisplayList, bounds: number[], only: number[] | null): { inked: boolean; colourShare: number } | null;
export function pixelRect(rect: number[]): number[];
