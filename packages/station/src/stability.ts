import type { Frame } from './parse/frame.js';

/** A port's stability rule for frames that carry no motion flag (the trade's practice: 5 within 20 kg). */
export interface StabilitySettings {
  /** N readings in a row */
  count: number;
  /** within this spread (max - min), in the indicator's unit */
  tolerance: number;
  /** and the weight at least this (an empty scale is never "stable" for a weighing) */
  minWeight: number;
  /** Take the indicator's motion flag where the frame has one (default true). */
  useMotionFlag?: boolean;
}

/** The port's limits: readings inside the zero band are zero; above the maximum they are out of range. */
export interface Limits {
  zeroBand: number;
  max: number;
}

export interface Reading {
  weight: string;
  unit: Frame['unit'];
  stable: boolean;
  net?: string;
  tare?: string;
  /** within the zero band: the scale is empty */
  zero: boolean;
  /** beyond the maximum, or the indicator said so: never stable */
  overRange: boolean;
}

export const DEFAULT_STABILITY: StabilitySettings = { count: 5, tolerance: 20, minWeight: 0, useMotionFlag: true };

/** Judges each frame of one port in order; keeps only the last N weights. */
export class StabilityJudge {
  private readonly window: Float64Array;
  private filled = 0;
  private next = 0;

  constructor(
    private readonly settings: StabilitySettings,
    private readonly limits: Limits = { zeroBand: 0, max: Number.POSITIVE_INFINITY },
  ) {
    if (!(settings.count >= 1)) throw new Error('stability count must be at least 1');
    this.window = new Float64Array(settings.count);
  }

  judge(frame: Frame): Reading {
    const value = Number(frame.weight);
    this.window[this.next] = value;
    this.next = (this.next + 1) % this.window.length;
    if (this.filled < this.window.length) this.filled++;

    const overRange = frame.overRange === true || value > this.limits.max;
    const zero = Math.abs(value) <= this.limits.zeroBand;
    const useFlag = this.settings.useMotionFlag !== false && frame.stable !== undefined;
    const stable = !overRange && (useFlag ? frame.stable === true : this.settledInWindow(value));
    const reading: Reading = { weight: frame.weight, unit: frame.unit, stable, zero, overRange };
    if (frame.net !== undefined) reading.net = frame.net;
    if (frame.tare !== undefined) reading.tare = frame.tare;
    return reading;
  }

  private settledInWindow(value: number): boolean {
    if (this.filled < this.window.length || value < this.settings.minWeight) return false;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const w of this.window) {
      if (w < min) min = w;
      if (w > max) max = w;
    }
    return max - min <= this.settings.tolerance + 1e-9;
  }
}
