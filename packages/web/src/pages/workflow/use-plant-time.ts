import { useCallback } from 'react';
import { useClientConfig } from '@/app/hooks/useClientConfig';
import { plantDateTime } from '@/platform/plant-time';

/** Formats the approvals' times (instants on the wire) on the plant's clock, the zone the server names (ClientConfig.timeZone). */
export function usePlantTime(): (value: unknown) => string {
  const zone = useClientConfig()?.timeZone;
  return useCallback((value: unknown) => plantDateTime(value, zone), [zone]);
}
