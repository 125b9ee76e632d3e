import { describe, expect, it } from 'vitest';
import { scriptAt, type ScriptTiming } from './script.js';

const T: ScriptTiming = { emptyMs: 100, driveOnMs: 100, settleMs: 100, holdMs: 100, driveOffMs: 100 };
const trucks = [
  { plate: 'A', card: 'C1', weight: 30000 },
  { plate: 'B', card: 'C2', weight: 20000 },
  { plate: 'P1', card: '', weight: 18000 },
  { plate: 'P2', card: '', weight: 42000 },
];
const plateAt = (ms: number, loop: boolean, loopFrom?: number) => scriptAt(trucks, T, ms, 20, loop, loopFrom).truck?.plate ?? null;

describe('the simulator script', () => {
  it('plays each truck once, then the platform stays empty', () => {
    expect([0, 500, 1000, 1500, 2000, 2500].map((ms) => plateAt(ms, false))).toEqual(['A', 'B', 'P1', 'P2', null, null]);
  });

  it('with loop, starts over from the first truck', () => {
    expect([2000, 2500].map((ms) => plateAt(ms, true))).toEqual(['A', 'B']);
  });

  it('with loop from an index, the trucks before it come once and the rest come round again', () => {
    expect([0, 500, 1000, 1500, 2000, 2500, 3000, 3500].map((ms) => plateAt(ms, true, 2))).toEqual(['A', 'B', 'P1', 'P2', 'P1', 'P2', 'P1', 'P2']);
    expect(scriptAt(trucks, T, 2350, 20, true, 2).weight).toBe(18000);
    // nothing left to loop: done
    expect(plateAt(2000, true, 4)).toBeNull();
  });
});
