import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Input, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { pickerToInstant } from '@/platform/plant-time';
import { useTranslation } from 'react-i18next';
import { poundCandidates, savePoundList, type PoundRow } from './api';
import { useWeightColumn, money, PlanDialog, PlanHeader, useDetail, useSave, when, type DialogProps } from './shared';

/**
 * 编辑磅单: the plan's pound list as it is to be. Its tickets above (removed with 移出), the
 * carrier's weighed tickets no plan holds below, narrowed by completion period and plate (added
 * with 加入); 保存 sends the whole list through poundListedit. The server checks every ticket again.
 */
export function PoundListDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const w = (k: string, o?: Record<string, unknown>) => t(`freightPlan.pound.${k}`, o);
  const id = ctx.selectedIds[0] as string;
  const { data: detail } = useDetail(ctx);
  const weight = useWeightColumn();
  const [list, setList] = useState<PoundRow[] | null>(null);
  const [period, setPeriod] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [plate, setPlate] = useState('');
  const [filter, setFilter] = useState<{ from?: string; to?: string; plate?: string }>({});
  const [picked, setPicked] = useState<string[]>([]);
  const save = useSave(ctx, onClose);
  useEffect(() => {
    if (detail && list === null) setList(detail.pounds);
  }, [detail, list]);
  const { data: offered, isFetching } = useQuery({
    queryKey: ['freight-plan-candidates', ctx.base, id, filter], queryFn: () => poundCandidates(ctx.base, { id, ...filter }), staleTime: 0, gcTime: 0,
  });
  const inList = new Set((list ?? []).map((r) => r.ticketId));
  const held = new Set((detail?.pounds ?? []).map((r) => r.ticketId));
  const candidates = (offered ?? []).filter((r) => !inList.has(r.ticketId) && !held.has(r.ticketId));
  // a ticket removed here is offered again (the server still has it in this plan until the save)
  const removedHere = list === null ? [] : (detail?.pounds ?? []).filter((r) => !inList.has(r.ticketId));
  const search = () => setFilter({
    ...(period?.[0] ? { from: pickerToInstant(period[0].startOf('day')) as string } : {}),
    ...(period?.[1] ? { to: pickerToInstant(period[1].add(1, 'day').startOf('day')) as string } : {}),
    ...(plate.trim() ? { plate: plate.trim() } : {}),
  });
  const add = () => {
    const rows = [...removedHere, ...candidates].filter((r) => picked.includes(r.ticketId));
    setList([...(list ?? []), ...rows]);
    setPicked([]);
  };
  const columns = [
    { title: w('ticketNo'), dataIndex: 'ticketNo', width: 170 },
    { title: w('plate'), dataIndex: 'plateNumber', width: 100 },
    { title: w('material'), dataIndex: 'materialName' },
    { title: w('completedAt'), dataIndex: 'completedAt', width: 140, render: (v: string | null) => when(v) },
    { title: weight.title(w('net')), dataIndex: 'net', align: 'right' as const, width: 90, render: weight.render },
    { title: weight.title(w('shipped')), dataIndex: 'shipped', align: 'right' as const, width: 90, render: weight.render },
  ];
  const confirmed = Boolean(detail?.plan.poundsConfirmedAt);
  return (
    <PlanDialog kind="poundListedit" width={980} plan={detail?.plan} save={save} onClose={onClose} okDisabled={!list || confirmed}
      onOk={() => void save.run(() => savePoundList(ctx.base, id, (list ?? []).map((r) => r.ticketId)))}>
      <PlanHeader plan={detail?.plan} />
      <Typography.Title level={5}>{w('inList')} <Typography.Text type="secondary">{w('count', { count: list?.length ?? 0 })}</Typography.Text></Typography.Title>
      <Table<PoundRow> data-testid="pound-list" size="small" rowKey="ticketId" loading={!list} dataSource={list ?? []} pagination={false} scroll={{ y: 220 }}
        columns={[
          ...columns,
          { title: w('freight'), dataIndex: 'freight', align: 'right' as const, width: 100, render: money },
          { title: w('lossCharge'), dataIndex: 'lossCharge', align: 'right' as const, width: 90, render: money },
          { title: '', key: 'remove', width: 64, render: (_: unknown, r: PoundRow) => (
            <Button type="link" size="small" disabled={confirmed} onClick={() => setList((list ?? []).filter((x) => x.ticketId !== r.ticketId))}>{w('remove')}</Button>
          ) },
        ]} />
      <Typography.Title level={5} style={{ marginTop: 16 }}>{w('candidates')}</Typography.Title>
      <Space wrap style={{ marginBottom: 8 }}>
        <DatePicker.RangePicker value={period} onChange={(v) => setPeriod(v)} placeholder={[w('period'), w('period')]} />
        <Input data-testid="pound-plate" placeholder={w('plateFilter')} value={plate} onChange={(e) => setPlate(e.target.value)} onPressEnter={search} style={{ width: 140 }} allowClear />
        <Button onClick={search}>{w('search')}</Button>
        <Button type="primary" data-testid="pound-add" disabled={!picked.length || confirmed} onClick={add}>{w('add')}</Button>
      </Space>
      <Table<PoundRow> data-testid="pound-candidates" size="small" rowKey="ticketId" loading={isFetching} dataSource={[...removedHere, ...candidates]} pagination={false} scroll={{ y: 220 }}
        rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(String)) }} columns={columns} />
    </PlanDialog>
  );
}
