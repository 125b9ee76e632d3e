import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('keeps the embedded database under the project root by default, wherever npm runs the server', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    expect(loadConfig({}).dataDir).toBe(path.join(root, 'data'));
    expect(loadConfig({ DATA_DIR: 'elsewhere' }).dataDir).toBe(path.resolve('elsewhere'));
  });

  it('falls back to the defaults on unreadable numbers', () => {
    const config = loadConfig({ PORT: 'eighty', LOCK_AFTER_MS: '' });
    expect(config.port).toBe(8080);
    expect(config.lockAfterMs).toBe(2_400_000);
  });

  it('believes X-Forwarded-* from the proxy\'s addresses only, and stops on a TRUST_PROXY that names none', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/24, 10.0.1.7 fd00::/8 loopback' }).trustProxy).toEqual(['10.0.0.0/24', '10.0.1.7', 'fd00::/8', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx.local' })).toThrow('TRUST_PROXY: nginx.local');
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow('TRUST_PROXY: 10.0.0.0/33');
  });
});
