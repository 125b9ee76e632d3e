import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { AmendHistoryDialog } from './AmendHistoryDialog';
import type { ContractDialog } from './dialog-store';
import { QualityTermsDialog } from './QualityTermsDialog';

/** The open contract dialog (the code loads with the first one, or when the workspace is idle). */
export function ContractDialogs({ kind, ctx, onClose }: { kind: ContractDialog; ctx: PageActionContext; onClose(): void }) {
  if (kind === 'contractQualityTerms') return <QualityTermsDialog ctx={ctx} onClose={onClose} />;
  return <AmendHistoryDialog ctx={ctx} onClose={onClose} />;
}
