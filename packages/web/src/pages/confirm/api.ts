import type { ConfirmPlaces, ConfirmSubmitBody } from '@wb/protocol';
import { call } from '@/platform/api/http';

/** A press on a row of a grid: POST /api/confirm/{grid}/submit. */
export const submitConfirmation = (grid: string, body: ConfirmSubmitBody) =>
  call<{ id: string; warning?: string }>(`/confirm/${encodeURIComponent(grid)}/submit`, { method: 'POST', body });

/** The places the confirmation dialog offers for a ticket (库存地址, 筒仓): GET /api/confirm/{grid}/places/{id}. */
export const fetchPlaces = (grid: string, id: string) => call<ConfirmPlaces>(`/confirm/${encodeURIComponent(grid)}/places/${encodeURIComponent(id)}`);
