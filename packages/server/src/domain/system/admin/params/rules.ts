import { type WeighParamKey, type WeighParams, writeWeighParam } from '@wb/protocol';

/** The keys a save really changes, with their new text: the log says exactly what moved. */
export function changedParams(current: WeighParams, patch: Partial<WeighParams>): Partial<Record<WeighParamKey, string>> {
  const out: Partial<Record<WeighParamKey, string>> = {};
  for (const [key, value] of Object.entries(patch) as [WeighParamKey, WeighParams[WeighParamKey]][]) {
    if (value !== undefined && value !== current[key]) out[key] = writeWeighParam(value);
  }
  return out;
}

/** `tareValidHours: 24 -> 12; weightUnit: t -> kg` */
export function describeChanges(current: WeighParams, changes: Partial<Record<WeighParamKey, string>>): string {
  return Object.entries(changes).map(([key, text]) => `${key}: ${current[key as WeighParamKey]} -> ${text}`).join('; ');
}
