import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A process that loads the embedded PostgreSQL keeps the exit code it set: the test runs load it in
// their global setup, and a run with failures must not end as a pass.
describe('exit code with the embedded PostgreSQL loaded', () => {
  it('ends with the code the process set, not 0', () => {
    const module = path.join(import.meta.dirname, 'embedded.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `await import(${JSON.stringify(module)}); process.exitCode = 3;`], {
      encoding: 'utf8', timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(3);
  });
});
