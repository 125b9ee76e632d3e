import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import type { QualityLabDialog } from './dialog-store';
import { RecheckDialog } from './RecheckDialog';
import { ResultsDialog } from './ResultsDialog';

/** The open lab dialog (the code loads with the first one, or when the workspace is idle). */
export function QualityLabDialogs({ kind, ctx, onClose }: { kind: QualityLabDialog; ctx: PageActionContext; onClose(): void }) {
  if (kind === 'assayRecheck') return <RecheckDialog ctx={ctx} onClose={onClose} />;
  return <ResultsDialog ctx={ctx} onClose={onClose} />;
}
