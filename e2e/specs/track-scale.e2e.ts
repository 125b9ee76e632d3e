import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { childCell, childRows, formDialog, formItem, openListForm, tableButton } from '../support/child-table';
import { useSignedInPage } from '../support/fixture';
import { chooseOption, rows } from '../support/list-screen';
import { USERS } from '../support/login';
import { openMenuLeaf, settled } from '../support/workspace';

// The purchase train form (采购轨道衡) as the weighbridge operator fills it: the totals line under
// the wagon grid follows every edit of a wagon and of the loss terms, before anything is saved.

const stage = useSignedInPage(USERS.operator);
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

async function typeInCell(form: Locator, n: number, title: string, text: string): Promise<void> {
  const cell = await childCell(form, n, title);
  const input = cell.locator('input');
  if (!(await input.isVisible())) await cell.click();
  await input.fill(text);
  await input.blur();
}

const totals = (form: Locator) => form.getByTestId('train-totals');
const total = (form: Locator, key: string) => totals(form).locator(`[data-total="${key}"] b`).textContent();

describe('the train form\'s totals line', () => {
  it('adds up the wagons and their loss against the waybill as the grid is edited, before save', async () => {
    await openMenuLeaf(stage.page, '/weigh', '/weigh/track-pu');
    await rows(stage.page);
    const form = await openListForm(stage.page, 'btn-create');
    await poll(() => childRows(form).count()).toBe(1);
    await totals(form).waitFor();
    expect(await total(form, 'wagons')).toBe('1 节');
    expect(await total(form, 'net')).toBe('0.000');

    await typeInCell(form, 0, '车号', 'C64-4801');
    await typeInCell(form, 0, '毛重', '83.46');
    await typeInCell(form, 0, '皮重', '23.2');
    await typeInCell(form, 0, '票重', '60.5');
    await poll(() => total(form, 'net')).toBe('60.260');
    expect(await total(form, 'loss')).toBe('0.240');
    // no loss terms yet: the whole loss is beyond the tolerance
    expect(await total(form, 'overLoss')).toBe('0.240（1 节）');

    await tableButton(form, /新\s?增/).click();
    await poll(() => childRows(form).count()).toBe(2);
    await typeInCell(form, 1, '车号', 'C64-4802');
    await typeInCell(form, 1, '毛重', '84');
    await typeInCell(form, 1, '皮重', '23.6');
    await typeInCell(form, 1, '票重', '60.5');
    await poll(() => total(form, 'wagons')).toBe('2 节');
    expect([await total(form, 'gross'), await total(form, 'tare'), await total(form, 'net'), await total(form, 'waybill'), await total(form, 'loss')])
      .toEqual(['167.460', '46.800', '120.660', '121.000', '0.340']);

    // 2‰ of each waybill allowed (0.121 t a wagon): only the first wagon's 0.119 t lies beyond
    await chooseOption(stage.page, formItem(form, '损耗方式').locator('.ant-select'), '千分比(‰)');
    await formItem(form, '允许损耗').locator('input').fill('2');
    await poll(() => total(form, 'overLoss')).toBe('0.119（1 节）');
    await settled(stage.page);
    await screenshot(stage.page, 'track-train-totals');
  });
});
