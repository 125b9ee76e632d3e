import Decimal from 'decimal.js';
import { WEIGH_PARAM_DEFAULTS, type WeighParams } from '@wb/protocol';
import type { MaterialFacts, VehicleFacts, WeighContext } from './snapshot';

/** A truck, a material and a moment the rule tests vary one field at a time. */
export const T = (v: Decimal.Value) => new Decimal(v);
export const NOW = new Date('2026-11-21T08:00:00Z');
export const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
export const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);

export const vehicle = (over: Partial<VehicleFacts> = {}): VehicleFacts => ({
  plate: '苏A12345', lastTare: T('15.2'), averageTare: T('15.1'), standardTare: null, tareTime: hoursAgo(2), tareCount: 4,
  capacityTonnage: null, axles: 6, ...over,
});

export const material = (over: Partial<MaterialFacts> = {}): MaterialFacts => ({
  overload: false, pnmary: null, sceneConfirm: false, hiddenDeduct: T(0), minNet: null, ...over,
});

export const params = (over: Partial<WeighParams> = {}): WeighParams => ({ ...WEIGH_PARAM_DEFAULTS, ...over });

export const context = (over: Partial<WeighContext> = {}): WeighContext => ({
  kind: 'pu', direction: null, vehicle: vehicle(), material: material(), params: params(),
  history: { previousReading: null, recentReadings: [] }, at: NOW, ...over,
});
