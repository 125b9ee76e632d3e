import { useRegistryDialog } from './dialog-store';
import { DriverLinkDialog } from './DriverLinkDialog';
import { PicturesDialog } from './PicturesDialog';
import { ReadCardDialog } from './ReadCardDialog';
import { RematchDialog } from './RematchDialog';
import { SupplementDialog } from './SupplementDialog';

const DIALOGS = { readCard: ReadCardDialog, supplement: SupplementDialog, pictures: PicturesDialog, rematch: RematchDialog, driverLink: DriverLinkDialog };

/** The open registry dialog (loaded with the first registry button clicked). */
export default function RegistryDialogs() {
  const open = useRegistryDialog((s) => s.open);
  const close = useRegistryDialog((s) => s.close);
  if (!open) return null;
  const Dialog = DIALOGS[open.kind];
  return <Dialog key={open.key} ctx={open.ctx} onClose={close} />;
}
