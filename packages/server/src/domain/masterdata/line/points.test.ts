import { describe, expect, it } from 'vitest';
import { linePointProblem } from './points';

const line = (...points: string[]) => points.map((point, i) => ({ seq: (i + 1) * 10, point }));

describe("a line's control points", () => {
  it('accepts the shipping and the receiving route', () => {
    expect(linePointProblem(line('SIGN_IN', 'CALL', 'GATE_IN', 'TARE', 'SCENE_CONFIRM', 'GROSS', 'NET', 'GATE_OUT'), 'SHIP')).toBeNull();
    expect(linePointProblem(line('GATE_IN', 'GROSS', 'SCENE_CONFIRM', 'TARE', 'NET', 'GATE_OUT'), 'RECEIVE')).toBeNull();
  });
  it('weighs tare first on a shipping line and gross first on a receiving line', () => {
    expect(linePointProblem(line('GATE_IN', 'GROSS', 'TARE'), 'SHIP')?.message).toBe('发货线路应先称皮重后称毛重');
    expect(linePointProblem(line('GATE_IN', 'TARE', 'GROSS'), 'RECEIVE')?.message).toBe('收货线路应先称毛重后称皮重');
    // a line that weighs once (stored tare) has no order to keep
    expect(linePointProblem(line('GATE_IN', 'GROSS', 'GATE_OUT'), 'SHIP')).toBeNull();
  });
  it('refuses a point twice and a seq twice', () => {
    expect(linePointProblem(line('GATE_IN', 'TARE', 'TARE'), 'SHIP')?.message).toBe('控制点 皮重 在线路中已存在');
    expect(linePointProblem([{ seq: 1, point: 'SIGN_IN' }, { seq: 1, point: 'CALL' }], 'SHIP')?.message).toBe('顺序号 1 已存在');
  });
  it('refuses a weighing before gate-in or without it', () => {
    expect(linePointProblem(line('TARE', 'GATE_IN'), 'SHIP')?.message).toBe('进厂必须在过磅（皮重、毛重）之前');
    expect(linePointProblem(line('SIGN_IN', 'GROSS'), 'SHIP')?.message).toBe('进厂必须在过磅（皮重、毛重）之前');
  });
  it('refuses a point after gate-out', () => {
    expect(linePointProblem(line('GATE_IN', 'GATE_OUT', 'NET'), 'SHIP')?.message).toBe('出厂必须是线路的最后一个控制点');
  });
});
