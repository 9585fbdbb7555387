import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Model tests load real weights; forks keep each file's tfjs/onnx state to itself.
    pool: 'forks',
    env: { QUIET: '1' },
  },
});
