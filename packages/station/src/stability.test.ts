import { describe, expect, it } from 'vitest';
import { PortDiagnostics } from './diagnostics.js';
import type { Frame } from './parse/frame.js';
import { StabilityJudge } from './stability.js';

const f = (weight: string, extra: Partial<Frame> = {}): Frame => ({ weight, unit: 'kg', raw: '', ...extra });

describe('stability', () => {
  it('needs N readings in a row within the tolerance when the frame has no motion flag', () => {
    const judge = new StabilityJudge({ count: 3, tolerance: 20, minWeight: 500 });
    const seen = ['15000', '15010', '15020', '15040', '15050', '15030'].map((w) => judge.judge(f(w)).stable);
    expect(seen).toEqual([false, false, true, false, false, true]);
  });

  it('is never stable below the minimum weight', () => {
    const judge = new StabilityJudge({ count: 2, tolerance: 20, minWeight: 500 });
    expect([1, 2, 3].map(() => judge.judge(f('100')).stable)).toEqual([false, false, false]);
  });

  it("takes the indicator's motion flag where the frame has one, unless the port turns it off", () => {
    const judge = new StabilityJudge({ count: 5, tolerance: 0, minWeight: 0 });
    expect(judge.judge(f('100', { stable: true })).stable).toBe(true);
    expect(judge.judge(f('100', { stable: false })).stable).toBe(false);
    const ignoring = new StabilityJudge({ count: 2, tolerance: 0, minWeight: 0, useMotionFlag: false });
    expect([ignoring.judge(f('100', { stable: true })).stable, ignoring.judge(f('100', { stable: false })).stable]).toEqual([false, true]);
  });

  it('applies the zero band and the maximum', () => {
    const judge = new StabilityJudge({ count: 1, tolerance: 0, minWeight: 0 }, { zeroBand: 20, max: 100000 });
    expect(judge.judge(f('-15'))).toMatchObject({ zero: true, overRange: false });
    expect(judge.judge(f('100020'))).toMatchObject({ zero: false, overRange: true, stable: false });
    expect(judge.judge(f('500', { stable: true, overRange: true }))).toMatchObject({ overRange: true, stable: false });
  });
});

describe('port diagnostics', () => {
  it('tells no bytes, bytes without frames, unparsed frames and streaming apart, with the last bytes', () => {
    const d = new PortDiagnostics(1000);
    expect(d.diagnose(0).state).toBe('no-bytes');
    d.onBytes(Buffer.from('abc'), 100);
    expect(d.diagnose(200)).toMatchObject({ state: 'no-frames', bytes: 3, lastBytes: '616263' });
    d.onUnparsed('0102', 'checksum', 300);
    expect(d.diagnose(400)).toMatchObject({ state: 'unparsed', lastUnparsed: { raw: '0102', reason: 'checksum' } });
    d.onFrame(500);
    expect(d.diagnose(600).state).toBe('streaming');
    expect(d.diagnose(5000).state).toBe('no-bytes');
  });

  it('keeps only the newest bytes', () => {
    const d = new PortDiagnostics();
    d.onBytes(Buffer.alloc(40, 1), 0);
    d.onBytes(Buffer.alloc(20, 2), 0);
    const hex = d.diagnose(0).lastBytes;
    expect(hex).toBe('01'.repeat(28) + '02'.repeat(20));
  });
});
