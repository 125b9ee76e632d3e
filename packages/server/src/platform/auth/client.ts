import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../http/errors';
import { sameSecret } from './secrets';

export interface OAuthClient {
  id: string;
  captcha: boolean;
}

/** The Basic client header of the token call: the normal client or the lock-screen client. */
export function authenticateClient(request: FastifyRequest, config: Config): OAuthClient {
  const header = request.headers.authorization ?? '';
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
  const decoded = match ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  const sep = decoded.indexOf(':');
  const id = sep < 0 ? '' : decoded.slice(0, sep);
  const secret = sep < 0 ? '' : decoded.slice(sep + 1);
  const client = Object.hasOwn(config.clients, id) ? config.clients[id] : undefined;
  if (!client || !sameSecret(secret, client.secret)) {
    throw new AppError(401, '客户端认证失败', 'authorization');
  }
  return { id, captcha: client.captcha && config.captcha };
}
