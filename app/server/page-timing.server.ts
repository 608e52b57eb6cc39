/**
 * How long a page waits, in one place: the stream's limit, how long a page waits for
 * products it streams, and how long it waits for data already in hand before it
 * streams instead. The server entry and the product service read these.
 */

/** React Router aborts a page's stream after this long (the server entry adds 1 s to flush). */
export const STREAM_TIMEOUT_MS = 10_000

/**
 * How long a page waits for products it streams: under the stream timeout. A visitor sees the
 * page and its skeletons at once, so waiting costs little; it leaves room for a partner that takes
 * 3 s while a burst of visitors to a cold page keeps the server busy (measured: 500 requests on
 * two instances started the crawl 2 s late). A slower crawl goes on in the background and fills
 * the cache for the next visit.
 */
export const STREAM_BUDGET_MS = STREAM_TIMEOUT_MS - 500

/**
 * How long a page waits for data already in hand (a warm page cache) before it streams instead:
 * long enough for a cache read on a busy machine (a streamed page is not kept by any cache), short
 * enough that a cold page's shell is not held back noticeably.
 */
export const QUICK_RESOLVE_MS = 100
