import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import type { S3Config } from '../../config';

/** The spec's cloud storage credential (key=cloudStsToken), as the existing client reads it. */
export interface CloudStsToken {
  AccessKeyId: string;
  AccessKeySecret: string;
  SecurityToken: string;
  Expiration: string;
  region: string;
  bucket: string;
  endpoint: string | null;
  /** the only prefix the credential may write: the caller's company */
  prefix: string;
}

export const STS_DURATION_SECONDS = 3600;

/** A policy that narrows the assumed role to one company's prefix of the bucket. */
export function companyPolicy(bucket: string, prefix: string): string {
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:PutObject', 's3:GetObject'], Resource: [`arn:aws:s3:::${bucket}/${prefix}*`] }],
  });
}

/**
 * Temporary credentials for a browser-side upload into the caller's company prefix. The answer
 * holds secrets: it is returned, never logged.
 */
export async function issueStsToken(config: S3Config & { stsRoleArn: string }, orgId: string, userId: string): Promise<CloudStsToken> {
  const client = new STSClient({
    region: config.region,
    ...(config.stsEndpoint ? { endpoint: config.stsEndpoint } : {}),
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const prefix = `org/${orgId}/`;
  const answer = await client.send(new AssumeRoleCommand({
    RoleArn: config.stsRoleArn,
    RoleSessionName: `wb-org${orgId}-user${userId}`.slice(0, 64),
    DurationSeconds: STS_DURATION_SECONDS,
    Policy: companyPolicy(config.bucket, prefix),
  }));
  const c = answer.Credentials;
  if (!c?.AccessKeyId || !c.SecretAccessKey || !c.SessionToken) throw new Error('the STS service returned no credentials');
  return {
    AccessKeyId: c.AccessKeyId, AccessKeySecret: c.SecretAccessKey, SecurityToken: c.SessionToken,
    Expiration: (c.Expiration ?? new Date()).toISOString(), region: config.region, bucket: config.bucket,
    endpoint: config.endpoint, prefix,
  };
}
