import { runChecks, vehicleGrossLimit, type Finding } from './checks';
import { SIDE_WORDS, type Side } from './kinds';
import { refuse, refuseFindings, type Refusal, type WeighContext, type WeighingRecord, type WeighingSource } from './snapshot';
import { chooseStoredTare, tareAlarm } from './stored-tare';
import { roundWeight } from './units';

export type SideResult = { ok: true; record: WeighingRecord; warnings: Finding[] } | Refusal;

/**
 * One side of a trip: the vehicle's stored tare standing for the tare, or a scale reading rounded as
 * the organisation records weights and put through the configured checks; a weighed tare also
 * sounds the tare alarm (a warning: the truck may have changed, the operator looks).
 */
export function weighSide(ctx: WeighContext, side: Side, source: WeighingSource): SideResult {
  if (source.kind === 'stored') {
    if (side !== 'tare') return refuse(`存储皮重只能代替皮重，本次应称${SIDE_WORDS[side]}`);
    const choice = chooseStoredTare(ctx.vehicle, ctx.params, ctx.at, source.wanted);
    if (!choice.ok) return refuse(choice.message);
    return { ok: true, record: { side, weight: choice.tare, source: choice.kind, stable: true, at: ctx.at }, warnings: [] };
  }
  const weight = roundWeight(source.weight, ctx.params);
  const { vehicle, material, history } = ctx;
  const checks = runChecks(
    {
      plate: vehicle.plate, side, weight, stable: source.stable, at: ctx.at, grossLimit: vehicleGrossLimit(vehicle),
      materialOverload: material.overload, lastTare: vehicle.lastTare, ...history,
    },
    ctx.params,
  );
  if (checks.refusals.length > 0) return refuseFindings(checks.refusals);
  const alarm = side === 'tare' ? tareAlarm(weight, vehicle, ctx.params) : null;
  const warnings = alarm ? [...checks.warnings, { check: 'tareAlarm' as const, message: alarm }] : checks.warnings;
  return { ok: true, record: { side, weight, source: 'scale', stable: source.stable, at: ctx.at }, warnings };
}
