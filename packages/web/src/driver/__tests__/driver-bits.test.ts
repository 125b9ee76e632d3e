import { describe, expect, it } from 'vitest';
import { encode } from 'uqr';
import { plantMinute } from '../clock';
import { qrPath } from '../Qr';

describe('the driver page’s clock', () => {
  it('shows an instant on the plant’s wall clock whatever the phone’s zone', () => {
    expect(plantMinute('2026-11-28T07:57:55.000Z', 'Asia/Shanghai')).toBe('2026-11-28 15:57');
    expect(plantMinute('2026-11-28T23:30:00+08:00', 'Asia/Shanghai')).toBe('2026-11-28 23:30');
    expect(plantMinute('2026-11-28T23:30:00Z', 'Asia/Shanghai')).toBe('2026-11-29 07:30');
  });

  it('leaves a plant wall-clock text as the server sent it', () => {
    expect(plantMinute('2026-11-28 15:57:55', 'Asia/Shanghai')).toBe('2026-11-28 15:57:55');
    expect(plantMinute(null)).toBe('');
  });
});

describe('the QR drawing', () => {
  it('draws one rectangle per run of dark modules in a row', () => {
    expect(qrPath([[true, true, false, true], [false, false, false, false], [false, true, true, true]]))
      .toBe('M0 0h2v1h-2zM3 0h1v1h-1zM1 2h3v1h-3z');
  });

  it('covers exactly the dark modules of a real code', () => {
    const qr = encode('http://plant.example/check/abc', { ecc: 'M', border: 0 });
    const dark = qr.data.flat().filter(Boolean).length;
    const drawn = [...qrPath(qr.data).matchAll(/h(\d+)v1/g)].reduce((t, m) => t + Number(m[1]), 0);
    expect(drawn).toBe(dark);
  });
});
