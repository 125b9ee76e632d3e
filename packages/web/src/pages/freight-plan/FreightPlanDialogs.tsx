import { ImportDialog } from '@/platform/templates/buttons/ImportDialog';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { DetailDialog } from './DetailDialog';
import type { PlanDialog } from './dialog-store';
import { FuelCardDialog } from './FuelCardDialog';
import { PoundListDialog } from './PoundListDialog';
import { PrintDialog } from './PrintDialog';
import { RemittanceDialog } from './RemittanceDialog';
import { StorageDialog } from './StorageDialog';

/** The open freight plan dialog (the code loads with the first one, or when the workspace is idle). */
export function FreightPlanDialogs({ kind, ctx, onClose }: { kind: PlanDialog; ctx: PageActionContext; onClose(): void }) {
  switch (kind) {
    case 'poundListedit': return <PoundListDialog ctx={ctx} onClose={onClose} />;
    case 'remittance': return <RemittanceDialog ctx={ctx} onClose={onClose} />;
    case 'confirmOil': return <FuelCardDialog ctx={ctx} onClose={onClose} />;
    case 'findPrint': return <PrintDialog ctx={ctx} onClose={onClose} />;
    case 'storage': return <StorageDialog ctx={ctx} onClose={onClose} />;
    case 'detail': return <DetailDialog ctx={ctx} onClose={onClose} />;
    default:
      // the sheet's every bad row is listed as the other imports list theirs
      return <ImportDialog open base={ctx.base} name="运费计划" action="importExcel" onClose={onClose} onImported={ctx.refresh} />;
  }
}
