import type { StorageConfig } from '../../config';
import { LocalStorage } from './local-storage';
import type { FileRouteDeps } from './routes';
import { S3Storage, s3Client } from './s3-storage';
import { fileUrlSecret } from './url-secret';

/** The storage the configuration names, with what the file routes need beside it. */
export async function fileRouteDeps(config: StorageConfig, now: () => number): Promise<FileRouteDeps> {
  if (config.kind === 's3') return { storage: new S3Storage(s3Client(config), config.bucket), config, now, urlSecret: null };
  const urlSecret = await fileUrlSecret(config.urlSecret, config.dir);
  return { storage: new LocalStorage(config.dir, urlSecret), config, now, urlSecret };
}
