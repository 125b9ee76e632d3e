import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { AdjustDialog } from './AdjustDialog';
import type { SettlementDialog } from './dialog-store';
import { FreightCreateDialog } from './FreightCreateDialog';
import { FreightOperatingDialog } from './FreightOperatingDialog';
import { InvoiceDialog } from './InvoiceDialog';
import { PaymentDialog } from './PaymentDialog';
import { PickPoundsDialog } from './PickPoundsDialog';
import { ReconcileDialog } from './ReconcileDialog';

/** The open settlement dialog (the code loads with the first one, or when the workspace is idle). */
export function SettlementDialogs({ kind, ctx, onClose }: { kind: SettlementDialog; ctx: PageActionContext; onClose(): void }) {
  if (kind === 'reconcile') return <ReconcileDialog onClose={onClose} />;
  if (kind === 'freightCreate') return <FreightCreateDialog ctx={ctx} onClose={onClose} />;
  if (kind === 'freightOperating') return <FreightOperatingDialog ctx={ctx} onClose={onClose} />;
  if (kind === 'confirmPounds') return <PickPoundsDialog ctx={ctx} onClose={onClose} />;
  if (kind === 'adjust') return <AdjustDialog ctx={ctx} onClose={onClose} />;
  if (kind === 'invoice') return <InvoiceDialog ctx={ctx} onClose={onClose} />;
  return <PaymentDialog ctx={ctx} onClose={onClose} />;
}
