/** Named timeouts for tests that load real model weights. */
export const MODEL_LOAD_TIMEOUT_MS = 120_000;
/** One headless Chromium run (start, load a local page, dump it). */
export const CHROMIUM_RUN_TIMEOUT_MS = 60_000;
/** Upper bound for tests that start an HTTP listener, a child server process or a burst of requests. */
export const SERVER_TEST_TIMEOUT_MS = 30_000;
/** How long a test waits for a child server to print its address or to exit. */
export const CHILD_PROCESS_WAIT_MS = 20_000;
