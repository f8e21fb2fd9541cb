/**
 * The MuPDF child's module as an esbuild entry of its own: scripts/build-server.ts builds it to
 * dist/server/<PDF_CHILD_ENTRY>.js, and analyze.ts spawns it from there. Its report threads
 * (reporter.ts) are an entry beside it, started from the child's own folder.
 */
export const PDF_CHILD_ENTRY = 'pdf/child';
export const PDF_REPORTER_ENTRY = 'pdf/reporter';
