import { describe, expect, it } from 'vitest';
import { checkCompanyChoice, keepLastTicked } from '../company-choice';

const org = (id: string, selected = false) => ({ id, orgCode: `C${id}`, orgName: `公司${id}`, selected });

describe('company choice', () => {
  it('needs at least one row', () => {
    expect(checkCompanyChoice([], '1')).toEqual({ ok: false, problem: 'atLeastOne' });
  });
  it('takes at most one row', () => {
    expect(checkCompanyChoice([org('2'), org('3')], '1')).toEqual({ ok: false, problem: 'atMostOne' });
  });
  it('refuses the company already in use', () => {
    expect(checkCompanyChoice([org('1', true)], '1')).toEqual({ ok: false, problem: 'same' });
    expect(checkCompanyChoice([org('1')], '1')).toEqual({ ok: false, problem: 'same' });
  });
  it('accepts one other company', () => {
    expect(checkCompanyChoice([org('2')], '1')).toMatchObject({ ok: true, org: { id: '2' } });
  });
});

describe('the dialog selection', () => {
  it('keeps only the last ticked row when another is ticked', () => {
    expect(keepLastTicked([org('2')], [org('2'), org('3')]).map((o) => o.id)).toEqual(['3']);
  });
  it('keeps the first tick', () => {
    expect(keepLastTicked([], [org('2')]).map((o) => o.id)).toEqual(['2']);
  });
  it('empties when the ticked row is unticked', () => {
    expect(keepLastTicked([org('2')], [])).toEqual([]);
  });
});
