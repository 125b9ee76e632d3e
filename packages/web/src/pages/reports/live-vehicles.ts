import type { LiveEvent, LiveVehicle } from '@wb/protocol';

/**
 * The list of trucks in the plant after one event of the stream: the snapshot replaces it, an
 * upsert puts a truck in (or updates it), a remove takes it out. Oldest entry first, as the gate sees them.
 */
export function applyLiveEvent(list: readonly LiveVehicle[], event: LiveEvent): LiveVehicle[] {
  switch (event.type) {
    case 'snapshot':
      return [...event.vehicles];
    case 'upsert': {
      const others = list.filter((v) => v.registryId !== event.vehicle.registryId);
      return [...others, event.vehicle].sort(byEntry);
    }
    case 'remove':
      return list.filter((v) => v.registryId !== event.registryId);
    default:
      return [...list];
  }
}

function byEntry(a: LiveVehicle, b: LiveVehicle): number {
  return (a.enteredAt ?? '').localeCompare(b.enteredAt ?? '') || Number(a.registryId) - Number(b.registryId);
}
