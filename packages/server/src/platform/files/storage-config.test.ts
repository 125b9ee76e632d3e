import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

describe('storage configuration', () => {
  it('is local disk under DATA_DIR/files by default, 10 MB a file, unattached uploads swept hourly after a day', () => {
    const { storage } = loadConfig({ DATA_DIR: '/srv/wb' });
    expect(storage).toEqual({
      kind: 'local', dir: path.join('/srv/wb', 'files'), urlSecret: null, maxFileBytes: 10 * 1024 * 1024, orphanGraceMs: 24 * 3_600_000, sweepIntervalMs: 3_600_000,
    });
  });

  it('takes the sweep grace period in hours and its interval from the environment', () => {
    expect(loadConfig({ FILE_ORPHAN_GRACE_HOURS: '48', FILE_SWEEP_INTERVAL_MS: '0' }).storage).toMatchObject({ orphanGraceMs: 48 * 3_600_000, sweepIntervalMs: 0 });
  });

  it('is S3 once S3_BUCKET is set, path style on by default for a compatible endpoint', () => {
    const { storage } = loadConfig({
      S3_BUCKET: 'wb', S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'cn-east-1', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(storage).toMatchObject({ kind: 's3', bucket: 'wb', endpoint: 'http://minio:9000', region: 'cn-east-1', forcePathStyle: true, stsRoleArn: null });
  });

  it('uses virtual-host addressing for AWS itself unless told otherwise', () => {
    expect(loadConfig({ S3_BUCKET: 'wb' }).storage).toMatchObject({ kind: 's3', endpoint: null, region: 'us-east-1', forcePathStyle: false });
    expect(loadConfig({ S3_BUCKET: 'wb', S3_ENDPOINT: 'http://m:9000', S3_FORCE_PATH_STYLE: 'off' }).storage).toMatchObject({ forcePathStyle: false });
  });

  it('takes the URL key and the size limit from the environment', () => {
    expect(loadConfig({ FILE_URL_SECRET: 'k', FILE_MAX_BYTES: '1024' }).storage).toMatchObject({ urlSecret: 'k', maxFileBytes: 1024 });
  });
});
