import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { setStorage, warehouses } from './api';
import { PlanDialog, PlanHeader, useDetail, useSave, type DialogProps } from './shared';

/** 存储仓库: the warehouse the plan's goods are stored in (a purchase) or shipped from (a sale); none clears it. */
export function StorageDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const { data: detail } = useDetail(ctx);
  const { data: wares, isFetching } = useQuery({ queryKey: ['freight-plan-warehouses'], queryFn: warehouses, staleTime: 0 });
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const current = wares?.find((w) => w.name === detail?.plan.wareName)?.id ?? null;
  const value = chosen === undefined ? current : chosen;
  const save = useSave(ctx, onClose);
  return (
    <PlanDialog kind="storage" width={520} plan={detail?.plan} save={save} onClose={onClose} okDisabled={!detail}
      onOk={() => void save.run(() => setStorage(ctx.base, ctx.selectedIds[0] as string, value))}>
      <PlanHeader plan={detail?.plan} />
      <Form layout="vertical" component="div">
        <Form.Item label={t('freightPlan.ware.choose')}>
          <Select data-testid="plan-storage" loading={isFetching} value={value ?? ''} onChange={(v: string) => setChosen(v === '' ? null : v)} showSearch optionFilterProp="label"
            options={[{ value: '', label: t('freightPlan.ware.none') }, ...(wares ?? []).map((w) => ({ value: w.id, label: w.name }))]} />
        </Form.Item>
      </Form>
    </PlanDialog>
  );
}
