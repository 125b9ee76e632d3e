import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Result, Space, Spin } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { FormatDefinition, PressableButton } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { usePage } from '@/app/layout/page-context';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { fetchMenuTemplate } from '@/platform/templates/api';
import type { Row } from '@/platform/templates/list/columns';
import { ListTable } from '@/platform/templates/list/ListTable';
import { quickSearchFields } from '@/platform/templates/list/search-body';
import { SearchBar } from '@/platform/templates/list/SearchBar';
import { useListState } from '@/platform/templates/list/useListState';
import { DateSampleDialog } from '@/platform/templates/widgets/dialogs/DateSampleDialog';
import TemplateFreePage from '@/pages/template-free/TemplateFreePage';
import { fetchPlaces, submitConfirmation } from './api';
import { buttonLabel, isPressable, pressStep, rowButtons } from './buttons';
import { DeductionDialog, type DeductionResult } from './DeductionDialog';
import { fill, useConfirmTexts } from './texts';

/** The site-confirmation grid of one kind (spec section 2: an editable grid with an operations column). */
export default function ConfirmPage({ grid, sampling }: { grid: string; sampling: boolean }) {
  const tx = useConfirmTexts();
  const { page, path } = usePage();
  const menuId = page.menuId ?? '';
  const { data: template, isLoading, isError, refetch } = useQuery({
    queryKey: ['menu-template', 'LIST', menuId], queryFn: () => fetchMenuTemplate(menuId, 'LIST'), enabled: Boolean(menuId), staleTime: 60_000,
  });
  if (!menuId || template === null) return <TemplateFreePage />;
  if (isLoading) return <div className="wb-card"><Spin /></div>;
  if (isError || !template) return <Result status="warning" title={tx.loadFailed} extra={<a onClick={() => void refetch()}>{tx.retry}</a>} />;
  return <ConfirmGrid key={template.id} template={template} route={path} grid={grid} sampling={sampling} />;
}

type Pending = { row: Row; button: PressableButton; step: 'deductions' | 'sample' } | null;

function ConfirmGrid({ template, route, grid, sampling }: { template: FormatDefinition; route: string; grid: string; sampling: boolean }) {
  const tx = useConfirmTexts();
  const english = useEnglish();
  const { modal } = App.useApp();
  const state = useListState(template, route);
  const [expanded, setExpanded] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const quickFields = useMemo(() => quickSearchFields(template.listSubList), [template.listSubList]);
  // the places the accepting dialog offers for its row (库存地址; 筒仓 for sales)
  const placesId = pending?.step === 'deductions' ? String(pending.row.id) : null;
  const { data: places } = useQuery({
    queryKey: ['confirm-places', grid, placesId], queryFn: () => fetchPlaces(grid, placesId ?? ''), enabled: placesId !== null, staleTime: 0,
  });
  const advancedFields = useMemo(() => template.listSubList.filter((f) => f.iallowAdvanceQuery), [template.listSubList]);

  const send = useCallback(async (row: Row, button: PressableButton, extra: object = {}) => {
    setBusy(`${row.id}`);
    try {
      const done = await submitConfirmation(grid, { id: String(row.id), button, ...extra });
      // 合格 that drew no sample (no auto model for the material) says so instead of a plain success
      if (done?.warning) feedback.warning(done.warning);
      else feedback.success(tx.done);
      state.refresh();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setBusy(null);
    }
  }, [grid, tx.done, state]);

  const press = useCallback((row: Row, button: PressableButton) => {
    const step = pressStep(button, sampling);
    if (step !== 'ask') return setPending({ row, button, step });
    const what = buttonLabel(button, sampling, english);
    modal.confirm({
      title: english ? 'Notice' : '提示', content: button === 'CONFIRM_NOT' ? tx.askNot : fill(tx.askLeave, { what }),
      onOk: () => send(row, button),
    });
  }, [sampling, english, modal, tx, send]);

  const operations = useMemo<ColumnType<Row>[]>(() => [{
    title: tx.operations, key: 'operations', fixed: 'right', width: sampling ? 170 : 330,
    render: (_: unknown, row: Row) => {
      const { buttons, actionable } = rowButtons(row);
      return (
        <Space size={4} wrap>
          {buttons.map((b) => (
            <Button
              key={b} size="small" autoInsertSpace={false} type={b === 'CONFIRM' || b === 'CONFIRM_AGAIN' ? 'primary' : 'default'}
              danger={b === 'SINGLE_WEIGH' || b === 'SINGLE_EMPTY' || (sampling && b === 'CONFIRM_NOT')}
              disabled={!actionable || !isPressable(b)} loading={busy === `${row.id}`}
              data-testid={`confirm-${b}-${row.id}`} onClick={() => isPressable(b) && press(row, b)}
            >
              {buttonLabel(b, sampling, english)}
            </Button>
          ))}
        </Space>
      );
    },
  }], [tx.operations, sampling, english, busy, press]);

  const onDeductions = (result: DeductionResult) => {
    if (!pending) return;
    void send(pending.row, pending.button, result);
    setPending(null);
  };
  const onSample = ({ dates, sampleCount }: { dates: string[]; sampleCount: number | null }) => {
    if (!pending) return;
    void send(pending.row, pending.button, { sampleDate: dates[0], sampleCount: sampleCount ?? 1 });
    setPending(null);
  };

  return (
    <div className="wb-card wb-list-screen" data-testid={`confirm-grid-${grid}`}>
      <SearchBar
        quickFields={quickFields} advancedFields={advancedFields} quickText={state.quickDraft} advanced={state.advancedDraft} expanded={expanded} english={english}
        onQuickText={state.setQuickDraft} onAdvancedChange={state.changeAdvanced} onSearch={() => state.search(expanded)} onReset={state.reset} onToggle={() => setExpanded((e) => !e)}
      />
      <ListTable
        fields={state.fields} reply={state.query.data} loading={state.query.isFetching} english={english} sort={state.sort} pn={state.pn} ps={state.ps}
        selectedKeys={[]} selectionType="none" onSelect={() => {}} onSort={state.changeSort} onPage={state.changePage} extraColumns={operations}
      />
      <DeductionDialog
        open={pending?.step === 'deductions'} title={pending ? `${tx.deductTitle}：${String(pending.row.plateNumber ?? '')}` : ''} places={placesId ? places ?? null : null}
        onSubmit={onDeductions} onCancel={() => setPending(null)}
      />
      <DateSampleDialog open={pending?.step === 'sample'} withSampleCount onSubmit={onSample} onCancel={() => setPending(null)} />
    </div>
  );
}
