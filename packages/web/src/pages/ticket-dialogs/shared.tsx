import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { getTicket, type TicketEntity } from './api';
import { useDisplay, withUnit } from '@/platform/display';

export interface DialogProps { ctx: PageActionContext; onClose(): void }

/** The chosen ticket as it stands now (never a cached copy: the list may be older than the ticket). */
export function useTicket(ctx: PageActionContext) {
  const id = ctx.selectedIds[0] as string;
  return useQuery({ queryKey: ['weigh-ticket', ctx.base, id], queryFn: () => getTicket(ctx.base, id), staleTime: 0, gcTime: 0 });
}

/** `value` once it has stood still for `ms` (the preview is asked for after typing, not per key). */
export function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A save of the dialog: on success the list reloads and the dialog closes; the server's refusal
 * stays in the dialog (refusal), where the user can correct it. A failure the client already
 * announced (a lost session, no right) is not repeated.
 */
export function useSave(ctx: PageActionContext, onClose: () => void) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setRefusal(null);
    try {
      feedback.success(await work());
      ctx.refresh();
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (!err.shown) setRefusal(err.message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, refusal, run };
}

/** The server's refusal, inside the dialog. */
export function Refusal({ text, testId }: { text: string | null; testId: string }) {
  if (!text) return null;
  return <Alert type="error" showIcon title={text} data-testid={testId} style={{ marginBottom: 12 }} />;
}

/**
 * The dialogs' figures as every screen shows them (platform/display): weights in the plant's unit and
 * decimals, unit prices at its precision, money as ¥ with 2 decimals; '—' for none. `label` names
 * the plant's unit in a weight's label (毛重(吨) reads 毛重(千克) at a plant that weighs in kg).
 */
export function useFigures() {
  const display = useDisplay();
  const or = (format: (v: string) => string) => (v: string | null | undefined) => (v === null || v === undefined || v === '' ? '—' : format(v) || v);
  return {
    tons: or((v) => display.weight(v)),
    tonsWithUnit: or((v) => display.weight(v, { unit: true })),
    price: or((v) => display.unitPrice(v)),
    money: or((v) => display.money(v)),
    label: (text: string) => withUnit(text, display),
  };
}

/** Which truck and goods the dialog is on (its title names the ticket). */
export function TicketHeader({ ticket }: { ticket: TicketEntity | undefined }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={2} style={{ marginBottom: 12 }}
      items={[
        { key: 'plate', label: t('ticketDialogs.plate'), children: ticket?.plateNumber ?? '' },
        { key: 'material', label: t('ticketDialogs.material'), children: ticket?.materialName ?? '' },
      ]} />
  );
}

interface TicketDialogProps {
  /** the dialog's title; the ticket number follows it once the ticket is read */
  title: string;
  width: number;
  ticket: TicketEntity | undefined;
  save: ReturnType<typeof useSave>;
  onOk(): void;
  onClose(): void;
  okDisabled: boolean;
  /** the data-testid of the dialog's body */
  testId: string;
  children: ReactNode;
}

/** The frame every ticket dialog shares: the title with the ticket's number, the buttons, the server's refusal and which truck it is. */
export function TicketDialog({ title, width, ticket, save, onOk, onClose, okDisabled, testId, children }: TicketDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open width={width} title={`${title}${ticket ? ` · ${ticket.ticketNo}` : ''}`} onCancel={onClose} onOk={onOk} confirmLoading={save.busy}
      okText={t('ticketDialogs.ok')} cancelText={t('ticketDialogs.cancel')} okButtonProps={{ disabled: okDisabled, 'data-testid': 'ticket-dialog-ok' }} destroyOnHidden>
      <div data-testid={testId}>
        <Refusal text={save.refusal} testId="ticket-dialog-refusal" />
        <TicketHeader ticket={ticket} />
        {children}
      </div>
    </Modal>
  );
}
