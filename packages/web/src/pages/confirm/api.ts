import type { ConfirmSubmitBody } from '@wb/protocol';
import { call } from '@/platform/api/http';

/** A press on a row of a grid: POST /api/confirm/{grid}/submit. */
export const submitConfirmation = (grid: string, body: ConfirmSubmitBody) =>
  call<{ id: string; warning?: string }>(`/confirm/${encodeURIComponent(grid)}/submit`, { method: 'POST', body });
