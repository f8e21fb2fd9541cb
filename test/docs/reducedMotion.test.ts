/**
 * Motion that a customer who asked for less does not get: every spinning or pulsing element of the
 * client also carries `motion-reduce:animate-none`, so it holds still under prefers-reduced-motion
 * as the page transitions do (test/e2e/storefront.test.ts proves the class does that in Chromium).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '#core/lib/paths';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Each class list (a string literal) in the file that names a looping animation, with its line. */
export function unpairedAnimations(text: string): { line: number; classes: string }[] {
  return [...text.matchAll(/(["'`])([^"'`\n]*\banimate-(?:spin|pulse|ping|bounce)\b[^"'`\n]*)\1/g)]
    .filter((m) => !/\bmotion-reduce:animate-none\b/.test(m[2]))
    .map((m) => ({ line: text.slice(0, m.index).split('\n').length, classes: m[2] }));
}

describe('looping animations hold still for reduced motion', () => {
  it('finds a spinner without the pairing, and passes one with it', () => {
    expect(unpairedAnimations('<span className="h-4 w-4 animate-spin rounded-full" />')).toEqual([{ line: 1, classes: 'h-4 w-4 animate-spin rounded-full' }]);
    expect(unpairedAnimations('<span className="animate-pulse motion-reduce:animate-none" />')).toEqual([]);
  });

  it('every animate-spin, -pulse, -ping and -bounce in web/src is paired with motion-reduce:animate-none', () => {
    const found = sources(path.join(PROJECT_ROOT, 'web/src')).flatMap((file) =>
      unpairedAnimations(fs.readFileSync(file, 'utf8')).map((u) => `${path.relative(PROJECT_ROOT, file)}:${u.line}: ${u.classes}`),
    );
    expect(found).toEqual([]);
  });
});
