import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Each file builds its own app on its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
