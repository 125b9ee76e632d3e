import { useState } from 'react';
import { Button } from 'antd';
import { moduleLoader, useModule } from '@/platform/module-loader';
import { registerFieldAddon, type AfterSave, type FieldAddonProps } from '@/platform/templates/form/field-addons';
import { useRegistryTexts } from './texts';

/**
 * 读卡 beside a registry form's IC卡号 (server registry/templates.ts: classType icCard), registered
 * with the workspace at start. Only the name is needed then: the button (ReadCardButton.tsx) is
 * fetched when the workspace is idle or with the first registry form, the card writing after a
 * save (card-write.ts) likewise.
 */
export const CARD_FIELD = 'icCard';

const readCardCode = moduleLoader(() => import('./ReadCardButton'));
const cardWriteCode = moduleLoader(() => import('./card-write'));

function ReadCardControl(props: FieldAddonProps) {
  const t = useRegistryTexts();
  // a failed fetch leaves the button clickable: the click asks again
  const [needed, setNeeded] = useState(true);
  const code = useModule(readCardCode, needed, () => setNeeded(false));
  if (code) return <code.default {...props} />;
  // the same button, spinning, holds its place while its code arrives
  return (
    <Button type="primary" ghost loading={needed} onClick={() => setNeeded(true)}>
      {t('readCard')}
    </Button>
  );
}

async function writeAfterSave(ctx: AfterSave): Promise<void> {
  const { writeAfterSave: write } = await cardWriteCode.load();
  await write(ctx);
}

registerFieldAddon(CARD_FIELD, { Control: ReadCardControl, readOnly: true, afterSave: writeAfterSave });
