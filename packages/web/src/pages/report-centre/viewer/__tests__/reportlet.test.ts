import { describe, expect, it } from 'vitest';
import { reportletOf } from '../ReportletFrame';

describe('a menu path naming a reportlet', () => {
  it('opens through frView when it names a FineReport file or a reportlet parameter', () => {
    expect(reportletOf('/reportforms/weigh_day.cpt')).toBe('weigh_day.cpt');
    expect(reportletOf('/reportforms/weigh_day.cpt?day=2026-11-28')).toBe('weigh_day.cpt?day=2026-11-28');
    expect(reportletOf('/reportforms/view?reportlet=daily')).toBe('daily');
  });

  it('leaves a report of the centre to the viewer', () => {
    expect(reportletOf('/reportforms/daily')).toBeNull();
    expect(reportletOf('/reportforms/monthly?x=1')).toBeNull();
  });
});
