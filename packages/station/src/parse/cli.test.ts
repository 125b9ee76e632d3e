import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

function run(protocol: string, input: Buffer): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'station:parse', '--', '--protocol', protocol], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout, stderr, code }));
    child.stdin.end(input);
  });
}

describe('npm run station:parse', () => {
  it('prints one JSON line per Toledo frame with its status', async () => {
    const frames = '\x02+0 001502000000\r\x02+1 000500001000\r';
    const { stdout, code } = await run('toledo', Buffer.from(frames, 'latin1'));
    expect(code).toBe(0);
    expect(stdout.trim().split('\n').map((l) => JSON.parse(l))).toEqual([
      { weight: '150.2', unit: 'kg', stable: true, raw: '022b30203030313530323030303030300d' },
      { weight: '50.0', unit: 'kg', stable: true, net: '50.0', tare: '100.0', raw: '022b31203030303530303030313030300d' },
    ]);
  }, 30_000);

  it('judges stability of "=" frames over five readings and takes a regex from the switch', async () => {
    const reversed = await run('reversed', Buffer.from('=00.5100'.repeat(6), 'latin1'));
    expect(reversed.stdout.trim().split('\n').map((l) => JSON.parse(l).stable)).toEqual([false, false, false, false, true, true]);
    const regex = await run('regex:^W:(?<weight>\\d+)(?<unit>kg)$', Buffer.from('W:120kg\nW:x\n', 'latin1'));
    expect(JSON.parse(regex.stdout)).toMatchObject({ weight: '120', unit: 'kg' });
    expect(regex.stderr).toContain('pattern does not match');
  }, 30_000);

  it('refuses an unknown protocol', async () => {
    const { code, stderr } = await run('nope', Buffer.alloc(0));
    expect(code).toBe(2);
    expect(stderr).toContain('unknown protocol');
  }, 30_000);
});
