/** Named timeouts for tests that load real model weights. */
export const MODEL_LOAD_TIMEOUT_MS = 120_000;
