// Types of linework.mjs for the tests that call it straight.
export const GREY_SPREAD: number;
export const INK_BELOW: number;
export function paintOf(type: string, values: number[]): { min: number; tinted: boolean } | null;
export function lineworkOf(
  bytes: Uint8Array,
  options: {
    ctm: number[];
    sheet: number[];
    extGState: (name: string) => { fillAlpha?: number; strokeAlpha?: number } | null;
    colourSpace?: (name: string) => 'Gray' | 'RGB' | 'CMYK' | null;
  },
): { content: Uint8Array; ink: boolean } | null;
