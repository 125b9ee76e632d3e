import { describe, expect, it } from 'vitest';
import { linePointProblem } from './points';

const line = (...points: string[]) => points.map((point, i) => ({ seq: (i + 1) * 10, point }));

describe("a line's control points", () => {
  it('accepts the shipping and the receiving route', () => {
    expect(linePointProblem(line('SIGN_IN', 'CALL', 'GATE_IN', 'TARE', 'SCENE_CONFIRM', 'GROSS', 'NET', 'GATE_OUT'))).toBeNull();
    expect(linePointProblem(line('GATE_IN', 'GROSS', 'SCENE_CONFIRM', 'TARE', 'NET', 'GATE_OUT'))).toBeNull();
  });
  it('refuses a point twice and a seq twice', () => {
    expect(linePointProblem(line('GATE_IN', 'TARE', 'TARE'))?.message).toBe('控制点 皮重 在线路中已存在');
    expect(linePointProblem([{ seq: 1, point: 'SIGN_IN' }, { seq: 1, point: 'CALL' }])?.message).toBe('顺序号 1 已存在');
  });
  it('refuses a weighing before gate-in or without it', () => {
    expect(linePointProblem(line('TARE', 'GATE_IN'))?.message).toBe('进厂必须在过磅（皮重、毛重）之前');
    expect(linePointProblem(line('SIGN_IN', 'GROSS'))?.message).toBe('进厂必须在过磅（皮重、毛重）之前');
  });
  it('refuses a point after gate-out', () => {
    expect(linePointProblem(line('GATE_IN', 'GATE_OUT', 'NET'))?.message).toBe('出厂必须是线路的最后一个控制点');
  });
});
