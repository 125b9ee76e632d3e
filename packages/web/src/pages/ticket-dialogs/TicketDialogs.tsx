import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { DeductDialog } from './DeductDialog';
import type { TicketDialog } from './dialog-store';
import { PicturesDialog } from './PicturesDialog';
import { PriceDialog } from './PriceDialog';
import { SplitDialog } from './SplitDialog';
import { StockAddressDialog } from './StockAddressDialog';

/** The open ticket dialog (the code loads with the first one, or when the workspace is idle). */
export function TicketDialogs({ kind, ctx, onClose }: { kind: TicketDialog; ctx: PageActionContext; onClose(): void }) {
  if (kind === 'deductTicket') return <DeductDialog ctx={ctx} onClose={onClose} />;
  if (kind === 'modifyTicketPrice') return <PriceDialog ctx={ctx} onClose={onClose} />;
  if (kind === 'ticketPictures') return <PicturesDialog ctx={ctx} onClose={onClose} />;
  if (kind === 'ticketStockAddress') return <StockAddressDialog ctx={ctx} onClose={onClose} />;
  return <SplitDialog ctx={ctx} onClose={onClose} />;
}
