import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { plantToday } from '@/platform/plant-time';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { ApiError } from '@/platform/api/http';
import { useDisplay } from '@/platform/display';
import { getSettlement, type ExcludedCount, type SettlementEntity } from './api';

export interface DialogProps { ctx: PageActionContext; onClose(): void }

/** The chosen settlement as it stands now (never a cached copy: the list may be older). */
export function useSettlement(ctx: PageActionContext) {
  const id = ctx.selectedIds[0] as string;
  return useQuery({ queryKey: ['settlement-dialog', ctx.base, id], queryFn: () => getSettlement(ctx.base, id), staleTime: 0, gcTime: 0 });
}

/** The server's refusal as the dialog shows it (a 400 names the field); anything else goes on. */
export function refusal(err: unknown): string | null {
  if (!(err instanceof ApiError)) throw err;
  return err.shown ? null : err.message;
}

interface FrameProps {
  title: string; width: number; settlement: SettlementEntity | undefined; problem: string | null;
  busy: boolean; onOk(): void; onClose(): void; testId: string; children: ReactNode;
}

/** The frame every settlement dialog shares: the settlement's number, party, state and money so far. */
export function SettlementFrame({ title, width, settlement: s, problem, busy, onOk, onClose, testId, children }: FrameProps) {
  const { t } = useTranslation();
  const states = t('settlementDialogs.states', { returnObjects: true }) as Record<string, string>;
  const display = useDisplay();
  return (
    <Modal open width={width} title={`${title}${s ? ` · ${s.settleNo}` : ''}`} onCancel={onClose} onOk={onOk} confirmLoading={busy}
      okText={t('settlementDialogs.ok')} cancelText={t('settlementDialogs.cancel')} okButtonProps={{ disabled: !s, ...({ 'data-testid': `${testId}-ok` } as Record<string, string>) }} destroyOnHidden>
      <div data-testid={testId}>
        <Descriptions size="small" column={width < 800 ? 2 : 3} style={{ marginBottom: 12 }}
          items={[
            { key: 'party', label: t('settlementDialogs.head.party'), children: s ? `${s.party.code} ${s.party.name}` : '' },
            { key: 'state', label: t('settlementDialogs.head.state'), children: <span data-testid="settlement-dialog-state">{s ? states[s.state] ?? s.state : ''}</span> },
            { key: 'total', label: t('settlementDialogs.head.total'), children: s ? display.money(s.totalAmount) : '' },
            { key: 'invoiced', label: t('settlementDialogs.head.invoiced'), children: s ? display.money(s.invoicedAmount) : '' },
            { key: 'paid', label: t('settlementDialogs.head.paid'), children: s ? display.money(s.paidAmount) : '' },
          ]} />
        {problem && <Alert type="error" showIcon title={problem} data-testid={`${testId}-problem`} style={{ marginBottom: 12 }} />}
        {children}
      </div>
    </Modal>
  );
}

/** Today as the server's dates read it (yyyy-MM-dd, the plant's day, whatever the browser's zone). */
export function today(): string {
  return plantToday();
}

/**
 * What an empty picker says: no ticket to settle, and what rules out the period's tickets, each
 * reason with its count (not audited, held by settlement X, no carrier), or that the period has none.
 */
export function EmptyReasons({ excluded, none }: { excluded: ExcludedCount[] | undefined; none?: string }) {
  const { t } = useTranslation();
  const reasons = t('settlementDialogs.excluded.reasons', { returnObjects: true }) as Record<string, string>;
  const label = (r: ExcludedCount) => (r.reason === 'HELD' && r.settleNo ? t('settlementDialogs.excluded.held', { no: r.settleNo }) : reasons[r.reason] ?? r.label);
  return (
    <div data-testid="empty-reasons" style={{ textAlign: 'left', display: 'inline-block' }}>
      <div style={{ fontWeight: 500 }}>{t('settlementDialogs.noCandidates')}</div>
      {excluded && (excluded.length === 0
        ? <div>{none ?? t('settlementDialogs.excluded.none')}</div>
        : <>
          <div>{t('settlementDialogs.excluded.head')}</div>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {excluded.map((r) => <li key={`${r.reason}-${r.settleNo ?? ''}`} data-testid={`empty-reason-${r.reason}`}>{t('settlementDialogs.excluded.line', { label: label(r), count: r.count })}</li>)}
          </ul>
        </>)}
    </div>
  );
}
