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
});
