import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Image, Modal, Space, Spin } from 'antd';
import type { PageActionContext } from '@/platform/templates/buttons/page-actions';
import { registryPictures } from './api';
import { plantDateTimeText } from '@/platform/plant-time';
import { useRegistryTexts } from './texts';

/** 抓拍图片查看: the cameras' snapshots of the registry's weighings. */
export function PicturesDialog({ ctx, onClose }: { ctx: PageActionContext; onClose(): void }) {
  const t = useRegistryTexts();
  const id = ctx.selectedIds[0];
  const { data, isLoading } = useQuery({ queryKey: ['registry-pictures', ctx.base, id], queryFn: () => registryPictures(ctx.base, id), staleTime: 0 });
  return (
    <Modal open title={t('pictures')} width={860} footer={null} onCancel={onClose} data-testid="registry-pictures">
      {isLoading && <Spin />}
      {data && data.length === 0 && <Empty description={t('noPictures')} />}
      {data && data.length > 0 && (
        <Image.PreviewGroup>
          <Space wrap size={12}>
            {data.map((s) => (
              <Card key={s.fileId} size="small" title={`${t('ticket')} ${s.ticketNo} · ${s.reading === 'FIRST' ? t('first') : t('second')}`} style={{ width: 260 }}>
                <Image src={s.url} width={236} height={160} style={{ objectFit: 'cover' }} alt={s.ticketNo} />
                <div className="wb-muted">{plantDateTimeText(s.weighedAt)}</div>
              </Card>
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
    </Modal>
  );
}
