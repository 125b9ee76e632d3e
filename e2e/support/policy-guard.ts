import { afterAll, afterEach } from 'vitest';
import { assertNoPolicyViolations } from './policy-violations';

// A setup file of every spec (vitest.config.ts): a page that breaks the server's
// Content-Security-Policy fails the test it happened in (or, in the file's last hooks, the file),
// without the spec asking.
afterEach(assertNoPolicyViolations);
afterAll(assertNoPolicyViolations);
