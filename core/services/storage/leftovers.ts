/**
 * How long a write may look abandoned before the orphan sweep (worker `uploads__sweep_orphans`)
 * removes it, and how long a presigned POST stays usable: one home for both, since the first must
 * outlast the second.
 */

/** A presigned POST must be started within this many seconds of being handed out. */
export const PRESIGNED_POST_SECONDS = 10 * 60;

/**
 * A temp file not written to, an object with no row, or a presigned upload not completed for this
 * long is abandoned: past the web server's 10-minute request timeout and a presigned POST's window
 * plus a slow line's 50 MB. The sweep runs every 15 minutes, so nothing abandoned lasts an hour.
 */
export const LEFTOVER_AGE_MS = 30 * 60_000;
