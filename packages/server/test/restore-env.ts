import { afterAll } from 'vitest';

/**
 * Test files share their worker's process (the server project runs without isolation, so the app's
 * modules are loaded once per worker, not once per file): a file that sets an environment variable
 * at its top (LIST_ESTIMATE_ABOVE, LIVE_HEARTBEAT_MS) gets it back as it was when its tests end.
 */
const before = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
  Object.assign(process.env, before);
});
