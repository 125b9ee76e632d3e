import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Form, Input, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GaugeMethod } from '@wb/protocol';
import { plantDateTimeText } from '@/platform/plant-time';
import { gaugeView, saveGauge } from './api';
import { TicketDialog, useSave, useTicket, type DialogProps } from './shared';

/** as many as the gauging call takes (protocol gaugeBody) */
const GAUGE_PHOTO_LIMIT = 10;
// the upload (antd Upload, the files client) loads with the dialog that takes photos, not with every ticket dialog
const ImageUpload = lazy(() => import('@/platform/files/ImageUpload').then((m) => ({ default: m.ImageUpload })));

/**
 * 检尺: the yard's measured load of a ticket of a material bought or sold by volume: the load's
 * length x width x height, or the bed's less the gap to its rim. The server works out the volume
 * and, where the material is turned into tons, the tonnage (weighing/gauge/rules.ts); the dialog
 * shows the figures the ticket keeps. The gauger attaches photos of the load (the shared upload
 * of platform/files); a gauging again starts from the photos the last one kept.
 */
export function GaugeDialog({ ctx, onClose }: DialogProps) {
  const { t } = useTranslation();
  const id = ctx.selectedIds[0] as string;
  const { data: ticket } = useTicket(ctx);
  const { data: view } = useQuery({ queryKey: ['weigh-gauge', ctx.base, id], queryFn: () => gaugeView(ctx.base, id), staleTime: 0, gcTime: 0 });
  const [method, setMethod] = useState<GaugeMethod>('LOAD');
  const [fig, setFig] = useState({ length: '', width: '', height: '', gap: '', gaugerName: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [photos, setPhotos] = useState<string[] | null>(null);
  // untouched: the photos the last gauging kept
  const shownPhotos = photos ?? view?.gauge?.photoFileIds ?? [];
  const save = useSave(ctx, onClose);
  const g = view?.gauge;
  const set = (key: keyof typeof fig) => (e: { target: { value: string } }) => setFig({ ...fig, [key]: e.target.value });
  const ok = () => {
    if (!fig.length.trim() || !fig.width.trim() || !fig.height.trim()) return setProblem(t('ticketDialogs.gaugeRequired'));
    setProblem(null);
    void save.run(async () => {
      await saveGauge(ctx.base, {
        id, method, length: fig.length.trim(), width: fig.width.trim(), height: fig.height.trim(),
        gap: method === 'BED' && fig.gap.trim() ? fig.gap.trim() : null, gaugerName: fig.gaugerName.trim() || null, photoFileIds: shownPhotos,
      });
      return t('ticketDialogs.gaugeSaved');
    });
  };
  return (
    <TicketDialog title={t('ticketDialogs.gaugeTitle')} width={620} ticket={ticket} save={save} onOk={ok} onClose={onClose} okDisabled={!view || !view.gauged} testId="ticket-dialog-gauge">
      {view && !view.gauged && <Alert type="warning" showIcon title={t('ticketDialogs.gaugeNotGauged')} style={{ marginBottom: 12 }} />}
      <Descriptions size="small" bordered column={2} style={{ marginBottom: 16 }}
        items={[
          { key: 'current', label: t('ticketDialogs.gaugeCurrent'), span: 2, children: <span data-testid="gauge-current">{g ? `${g.volume} m³${g.tons ? ` · ${g.tons} t` : ''} · ${g.gaugerName} ${plantDateTimeText(g.gaugedAt)}${g.photoFileIds.length ? ` · ${t('ticketDialogs.gaugePhotoCount', { count: g.photoFileIds.length })}` : ''}` : t('ticketDialogs.gaugeNone')}</span> },
          { key: 'density', label: t('ticketDialogs.gaugeDensity'), children: view?.density ?? '—' },
          { key: 'basis', label: t('ticketDialogs.gaugeBasis'), children: view ? t(view.priceBasis === 'VOLUME' ? 'ticketDialogs.basisVolume' : 'ticketDialogs.basisNet') : '' },
        ]} />
      <Form layout="vertical" component="div">
        <Form.Item label={t('ticketDialogs.gaugeMethod')}>
          <Radio.Group value={method} onChange={(e) => setMethod(e.target.value as GaugeMethod)} data-testid="gauge-method"
            options={[{ value: 'LOAD', label: t('ticketDialogs.gaugeLoad') }, { value: 'BED', label: t('ticketDialogs.gaugeBed') }]} />
        </Form.Item>
        <Space wrap>
          <Form.Item label={t('ticketDialogs.gaugeLength')} required><Input data-testid="gauge-length" inputMode="decimal" value={fig.length} onChange={set('length')} style={{ width: 110 }} /></Form.Item>
          <Form.Item label={t('ticketDialogs.gaugeWidth')} required><Input data-testid="gauge-width" inputMode="decimal" value={fig.width} onChange={set('width')} style={{ width: 110 }} /></Form.Item>
          <Form.Item label={t(method === 'BED' ? 'ticketDialogs.gaugeBedHeight' : 'ticketDialogs.gaugeHeight')} required>
            <Input data-testid="gauge-height" inputMode="decimal" value={fig.height} onChange={set('height')} style={{ width: 110 }} />
          </Form.Item>
          {method === 'BED' && (
            <Form.Item label={t('ticketDialogs.gaugeGap')}><Input data-testid="gauge-gap" inputMode="decimal" value={fig.gap} onChange={set('gap')} style={{ width: 110 }} /></Form.Item>
          )}
        </Space>
        <Form.Item label={t('ticketDialogs.gauger')} validateStatus={problem ? 'error' : undefined} help={problem ?? t('ticketDialogs.gaugerHint')}>
          <Input data-testid="gauge-gauger" maxLength={40} value={fig.gaugerName} onChange={set('gaugerName')} />
        </Form.Item>
        <Form.Item label={t('ticketDialogs.gaugePhotos')} help={t('ticketDialogs.gaugePhotosHint')}>
          <Suspense fallback={null}>
            <ImageUpload ids={shownPhotos} onChange={setPhotos} limit={GAUGE_PHOTO_LIMIT} alt={t('ticketDialogs.gaugePhotos')} width={96} height={64} testId="gauge-photos" disabled={!view?.gauged} />
          </Suspense>
        </Form.Item>
      </Form>
    </TicketDialog>
  );
}
