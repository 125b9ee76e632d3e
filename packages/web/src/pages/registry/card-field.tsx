import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { registerFieldAddon, type AfterSave, type FieldAddonProps } from '@/platform/templates/form/field-addons';
import { useRegistryTexts } from './texts';

/**
 * 读卡 beside a registry form's IC卡号 (server registry/templates.ts: classType icCard), registered
 * with the workspace at start. Only the name is needed then: the button (ReadCardButton.tsx) loads
 * with the first registry form, the card writing after a save (card-write.ts) with its first save.
 */
export const CARD_FIELD = 'icCard';

const ReadCardButton = lazy(() => import('./ReadCardButton'));

function ReadCardControl(props: FieldAddonProps) {
  const t = useRegistryTexts();
  // the same button, not yet clickable, holds its place while its code arrives
  const waiting = <Button type="primary" ghost disabled>{t('readCard')}</Button>;
  return (
    <Suspense fallback={waiting}>
      <ReadCardButton {...props} />
    </Suspense>
  );
}

async function writeAfterSave(ctx: AfterSave): Promise<void> {
  const { writeAfterSave: write } = await import('./card-write');
  await write(ctx);
}

registerFieldAddon(CARD_FIELD, { Control: ReadCardControl, readOnly: true, afterSave: writeAfterSave });
