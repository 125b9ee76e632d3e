import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';

/**
 * Ceilings of any multipart request, for every route that reads one. A route may ask for less
 * (request.file({ limits })): the image upload does; the Excel import of 10,000 rows (a few MB)
 * fits under these.
 */
export const MULTIPART_LIMITS = {
  fileSize: 20 * 1024 * 1024,
  files: 10,
  fields: 50,
  fieldSize: 1024 * 1024,
  parts: 100,
  headerPairs: 200,
} as const;

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
}
