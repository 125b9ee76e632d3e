import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportParam } from '@wb/protocol';
import { renderInShell } from '@/platform/templates/form/__tests__/shell';
import { FilterBar } from '../FilterBar';

afterEach(() => cleanup());

describe("the filter bar's scale parameter", () => {
  it('is a choice of the plant\'s scales, not a text to type', async () => {
    const params: ReportParam[] = [{ key: 'scale', title: '磅秤', titleEn: 'Scale', type: 'scale' }];
    const onChange = vi.fn();
    renderInShell(
      <FilterBar params={params} definition={{ params: [] }} orgs={[]} scales={[{ id: 'S1', name: '一号磅' }, { id: 'S2', name: '二号磅' }]}
        values={{}} onChange={onChange} onQuery={() => undefined} onReset={() => undefined} busy={false} english={false} />,
    );
    const field = await screen.findByTestId('report-param-scale');
    expect(field.querySelector('input[type="text"]:not([role="combobox"])')).toBeNull();
    fireEvent.mouseDown(field.querySelector('[role="combobox"]') ?? field);
    fireEvent.click(await screen.findByText('S2 二号磅'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ scale: 'S2' }));
  });
});
