import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          // every file builds the same app: loading its modules once per worker instead of once per
          // file takes the run's module import from ~510 s to ~145 s (each file still gets its own
          // database and app instance from test/harness.ts)
          isolate: false,
          setupFiles: ['test/restore-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'protocol',
          root: 'packages/protocol',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'station',
          root: 'packages/station',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      'packages/web/vitest.config.ts',
    ],
  },
});
