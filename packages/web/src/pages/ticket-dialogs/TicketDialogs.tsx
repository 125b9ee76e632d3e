import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { BatchDetailDialog } from './BatchDetailDialog';
import { BatchDialog } from './BatchDialog';
import { BatchOpenDialog, BatchTestsDialog } from './BatchLabDialogs';
import { DeductDialog } from './DeductDialog';
import { GaugeDialog } from './GaugeDialog';
import type { TicketDialog } from './dialog-store';
import { PicturesDialog } from './PicturesDialog';
import { PriceDialog } from './PriceDialog';
import { ReceiptDialog } from './ReceiptDialog';
import { SplitDialog } from './SplitDialog';
import { StockAddressDialog } from './StockAddressDialog';

/** The open ticket dialog (the code loads with the first one, or when the workspace is idle). */
export function TicketDialogs({ kind, ctx, onClose }: { kind: TicketDialog; ctx: PageActionContext; onClose(): void }) {
  if (kind === 'deductTicket') return <DeductDialog ctx={ctx} onClose={onClose} />;
  if (kind === 'modifyTicketPrice') return <PriceDialog ctx={ctx} onClose={onClose} />;
  if (kind === 'ticketPictures') return <PicturesDialog ctx={ctx} onClose={onClose} />;
  if (kind === 'ticketStockAddress') return <StockAddressDialog ctx={ctx} onClose={onClose} />;
  if (kind === 'gaugeTicket') return <GaugeDialog ctx={ctx} onClose={onClose} />;
  if (kind === 'ticketBatch') return <BatchDialog ctx={ctx} onClose={onClose} />;
  // the batch archive's 批次详情 (server domain/batch columns.ts): its tickets are the sales tickets that took it
  if (kind === 'batchDetail') return <BatchDetailDialog ctx={ctx} onClose={onClose} />;
  if (kind === 'batchOpen') return <BatchOpenDialog ctx={ctx} onClose={onClose} />;
  if (kind === 'batchTests') return <BatchTestsDialog ctx={ctx} onClose={onClose} />;
  if (kind === 'ticketReceipt') return <ReceiptDialog ctx={ctx} onClose={onClose} />;
  return <SplitDialog ctx={ctx} onClose={onClose} />;
}
