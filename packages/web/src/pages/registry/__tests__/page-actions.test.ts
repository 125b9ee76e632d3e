import { afterEach, describe, expect, it } from 'vitest';
import { pageAction, type PageActionContext } from '@/platform/templates/buttons/page-actions';
import '../RegistryDialogHost';
import { useRegistryDialog } from '../dialog-store';
import { fill } from '../texts';

const ctx = (ids: string[]): PageActionContext => ({
  base: '/api/registry/tr', button: { id: 'b', name: '补卡', label: '补卡' } as PageActionContext['button'], selectedIds: ids,
  selectedRows: ids.map((id) => ({ id })), refresh: () => undefined, clearSelection: () => undefined,
});

describe('the registry list\'s page buttons', () => {
  afterEach(() => useRegistryDialog.getState().close());

  it('registers a handler for each dialog', () => {
    for (const name of ['readCard', 'supplement', 'pictures', 'rematch', 'driverLink']) expect(pageAction(name)).toBeTypeOf('function');
  });

  it('opens 补卡 and 抓拍图片 for exactly one registry, 读卡 for none', async () => {
    await pageAction('supplement')?.(ctx([]));
    expect(useRegistryDialog.getState().open).toBeNull();
    await pageAction('pictures')?.(ctx(['1', '2']));
    expect(useRegistryDialog.getState().open).toBeNull();
    await pageAction('supplement')?.(ctx(['7']));
    expect(useRegistryDialog.getState().open).toMatchObject({ kind: 'supplement', ctx: { selectedIds: ['7'] } });
    await pageAction('readCard')?.(ctx([]));
    expect(useRegistryDialog.getState().open?.kind).toBe('readCard');
  });

  it('opens 司机链接 for exactly one registry', async () => {
    await pageAction('driverLink')?.(ctx(['1', '2']));
    expect(useRegistryDialog.getState().open).toBeNull();
    await pageAction('driverLink')?.(ctx(['9']));
    expect(useRegistryDialog.getState().open).toMatchObject({ kind: 'driverLink', ctx: { selectedIds: ['9'] } });
  });

  it('re-queues one or more registries', async () => {
    await pageAction('rematch')?.(ctx([]));
    expect(useRegistryDialog.getState().open).toBeNull();
    await pageAction('rematch')?.(ctx(['1', '2']));
    expect(useRegistryDialog.getState().open?.kind).toBe('rematch');
  });

  it('fills the texts\' placeholders', () => {
    expect(fill('为登记单 {{code}}（{{plate}}）补卡', { code: 'YKDJ1', plate: '浙E12345' })).toBe('为登记单 YKDJ1（浙E12345）补卡');
  });
});
