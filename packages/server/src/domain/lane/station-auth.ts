import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { STATION_AUTH_SCHEME } from '@wb/protocol';
import type { Actor } from '../../platform/audit/log';
import { tokenHash } from '../../platform/auth/secrets';
import { AppError } from '../../platform/http/errors';

/** A lane's station: its credential (domain/station) and who its weighings are made as. */
export interface LaneStation {
  credentialId: string;
  orgId: string;
  scaleId: string;
  stationName: string;
  /**
   * The lane weighs as the administrator who issued its key: the ticket's and weighing's columns
   * name a user, and the one who put the key on the lane answers for it. The log's name says it
   * was the lane (无人值守).
   */
  actor: Actor & { username: string };
}

/** The live credential of `Authorization: Station <key>`, or a 401 that says no more than that. */
export async function laneStationOf(pool: pg.Pool, request: FastifyRequest): Promise<LaneStation> {
  const m = new RegExp(`^${STATION_AUTH_SCHEME}\\s+(\\S+)$`, 'i').exec(request.headers.authorization ?? '');
  const { rows } = m
    ? await pool.query<{ id: string; org_id: string; scale_id: string; station_name: string; created_by: string | null }>({
      name: 'lane-station', values: [tokenHash(m[1] as string)],
      text: 'SELECT id::text, org_id::text, scale_id, station_name, created_by::text FROM wb_station_credential WHERE key_hash = $1 AND revoked_at IS NULL',
    })
    : { rows: [] };
  const r = rows[0];
  if (!r) throw new AppError(401, '磅点凭证无效或已吊销', 'authorization');
  if (!r.created_by) throw new AppError(403, '磅点凭证的发放人已不存在，请重新发放凭证', 'authorization');
  return {
    credentialId: r.id, orgId: r.org_id, scaleId: r.scale_id, stationName: r.station_name,
    actor: { orgId: r.org_id, userId: r.created_by, username: `无人值守 ${r.station_name}`, ip: request.ip },
  };
}
