// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { pageWeight } from '../../../build/page-weight';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-page-weight-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

function put(file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  fs.writeFileSync(path.join(dist, file), text);
}

describe('pageWeight', () => {
  it('counts the page, its entry, what the entry imports statically and their CSS, each once, and nothing of the other page', () => {
    put('driver.html', '<html>driver</html>');
    put('assets/driver.js', 'd'.repeat(5000));
    put('assets/react.js', 'r'.repeat(9000));
    put('assets/runtime.js', 'x');
    put('assets/driver.css', 'body{}');
    put('assets/main.js', 'm'.repeat(50_000));
    put('.vite/manifest.json', JSON.stringify({
      'driver.html': { file: 'assets/driver.js', src: 'driver.html', isEntry: true, imports: ['_react.js', '_runtime.js'], css: ['assets/driver.css'] },
      'index.html': { file: 'assets/main.js', src: 'index.html', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js', imports: ['_runtime.js'] },
      '_runtime.js': { file: 'assets/runtime.js' },
    }));
    const w = pageWeight(dist, 'driver.html');
    expect(w.files.map((f) => f.file)).toEqual(['assets/driver.css', 'assets/driver.js', 'assets/react.js', 'assets/runtime.js', 'driver.html']);
    const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    expect(w.gzip).toBe(['assets/driver.css', 'assets/driver.js', 'assets/react.js', 'assets/runtime.js', 'driver.html'].reduce((t, f) => t + gz(f), 0));
    expect(w.raw).toBe(19 + 5000 + 9000 + 1 + 6);
  });

  it('refuses a build without the page', () => {
    expect(() => pageWeight(dist, 'nothing.html')).toThrow('the build has no entry nothing.html');
  });
});
