import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyFromEnv, openSecret, sealSecret } from './secret-box';
import { changedFields, connectionFailure } from './rules';

describe('a sealed data source password', () => {
  const key = randomBytes(32);
  it('opens with its key to what was sealed, and never reads as the plain text', () => {
    const sealed = sealSecret(key, '口令 s3cret');
    expect(sealed).not.toContain('s3cret');
    expect(sealed).toMatch(/^v1\./);
    expect(openSecret(key, sealed)).toBe('口令 s3cret');
  });
  it('seals the same password differently each time', () => {
    expect(sealSecret(key, 'same')).not.toBe(sealSecret(key, 'same'));
  });
  it('refuses to open with another key or after the stored value was altered', () => {
    const sealed = sealSecret(key, 'secret');
    expect(() => openSecret(randomBytes(32), sealed)).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const altered = Buffer.from(body, 'base64');
    altered[0] ^= 1;
    expect(() => openSecret(key, [v, iv, tag, altered.toString('base64')].join('.'))).toThrow();
    expect(() => openSecret(key, 'plain')).toThrow('not a sealed secret');
  });
  it('takes DATA_SOURCE_SECRET only when it is long enough', () => {
    expect(keyFromEnv(undefined)).toBeNull();
    expect(keyFromEnv('short')).toBeNull();
    expect(keyFromEnv('x'.repeat(32))?.length).toBe(32);
  });
});

describe('what the data source screen says', () => {
  const at = { host: 'db.plant', port: 5432, database: 'erp', username: 'report' };
  it('names the setting a failed connection points to', () => {
    expect(connectionFailure({ code: '28P01' }, at)).toBe('连接失败：用户名或密码错误（用户 report）');
    expect(connectionFailure({ code: '3D000' }, at)).toBe('连接失败：数据库 erp 不存在');
    expect(connectionFailure({ code: 'ECONNREFUSED' }, at)).toBe('连接失败：db.plant:5432 拒绝连接，请检查主机和端口');
  });
  it('logs that the password changed, never the password', () => {
    expect(changedFields({ host: 'a', port: 5432 }, { host: 'b', port: 5432, password: 'p' }, true)).toBe('主机: a -> b；密码已更换');
  });
});
