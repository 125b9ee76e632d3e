import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Modal } from 'antd';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { ApiError } from '@/platform/api/http';
import { readRegistryOfCard, type RegistryEntity } from './api';
import { CardStatus } from './CardStatus';
import { useRegistryTexts } from './texts';
import { useCardRead } from './useCardRead';
import { useDisplay } from '@/platform/display';

/** 读卡: the card on the reader, and the open registry its chip names. */
export function ReadCardDialog({ ctx, onClose }: { ctx: PageActionContext; onClose(): void }) {
  const display = useDisplay();
  const t = useRegistryTexts();
  const { state, again } = useCardRead();
  const [registry, setRegistry] = useState<RegistryEntity | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const uid = state.status === 'read' ? state.card.uid : null;
  useEffect(() => {
    setRegistry(null);
    setRefusal(null);
    if (!uid) return;
    // the server says why a card names no registry here (lost, unknown, no open trip): shown in the dialog
    readRegistryOfCard(ctx.base, uid).then((r) => setRegistry(r.registry), (err: unknown) => {
      if (!(err instanceof ApiError)) throw err;
      setRefusal(err.message);
    });
  }, [ctx.base, uid]);
  return (
    <Modal open title={t('readCard')} onCancel={onClose} data-testid="registry-read-card"
      footer={[<Button key="again" onClick={again}>{t('readAgain')}</Button>, <Button key="close" type="primary" onClick={onClose}>{t('close')}</Button>]}>
      <CardStatus state={state} />
      {refusal && <Alert type="warning" showIcon message={refusal} style={{ marginTop: 12 }} data-testid="card-refusal" />}
      {registry && (
        <Descriptions column={2} size="small" bordered style={{ marginTop: 12 }} data-testid="card-registry">
          <Descriptions.Item label={t('registryNo')}>{registry.registryNo}</Descriptions.Item>
          <Descriptions.Item label={t('plate')}>{registry.plateNumber}</Descriptions.Item>
          <Descriptions.Item label={t('notice')}>{registry.noticeNo ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('material')}>{registry.materialName ?? ''}</Descriptions.Item>
          <Descriptions.Item label={t('pre')}>{display.weight(registry.preQuantity)}</Descriptions.Item>
          <Descriptions.Item label={t('cardNo')}>{registry.cardNo ?? ''}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
