import { setFlagsFromString } from 'node:v8';

/**
 * How much V8 lets its old generation grow past what survived the last major collection before
 * the next one, in percent, in the embedded mode (issue 40 item 5, decision 067). V8 picks a
 * factor between 1.1 and 4 from its collection and allocation speeds; on a machine with enough
 * memory for a heap limit over 2 GB that is up to 4, so a server whose live heap is about 75 MB let
 * garbage pile up to 220-300 MB under 50 requests/s, and the embedded server peaked above 500 MB
 * resident. 50 (a factor of 1.5) collects earlier: no limit on the heap (an export or upload can
 * still use what it needs, the limit grows with what is live), just more frequent major
 * collections, which run mostly on V8's background threads.
 */
export const EMBEDDED_HEAP_GROWING_PERCENT = 50;

/**
 * Sets V8's `--heap-growing-percent` for this process to `percent` (V8 reads it each time it
 * computes the next collection's limit, so setting it after start takes effect from the next
 * major collection). Called when the server opens an embedded (PGlite on disk) database: what
 * `npm start` runs on one machine. PostgreSQL deployments keep V8's defaults.
 * @param percent growth past the live old generation, in percent (> 0); V8's default 0 means "V8 decides"
 */
export function growHeapGently(percent: number = EMBEDDED_HEAP_GROWING_PERCENT): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
