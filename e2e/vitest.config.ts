import { defineConfig } from 'vitest/config';

// Browser tests: one real server per file (started in the file), files one after another so the
// two cores are not shared by several browsers at once. The files share one worker without
// isolation: the support modules load once, and each file's server is started while the file
// before it runs (support/server.ts), instead of every file waiting out its own start.
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['specs/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['./global-setup.ts'],
    setupFiles: ['./support/policy-guard.ts'],
  },
});
