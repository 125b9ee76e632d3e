import { useEffect, useRef, useState } from 'react';
import { Badge, Result, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_VEHICLES_PATH, TRIP_KIND_NAMES, WEIGH_KIND_NAMES, formatWeight, type PlantBoard, type WeighKind } from '@wb/protocol';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/app/hooks/useDocumentTitle';
import { useSession } from '@/app/session/session-store';
import { BrandMark } from '@/app/layout/BrandMark';
import { CompanyLogo } from '@/platform/branding/CompanyLogo';
import { useDisplayParams } from '@/platform/display/useDisplay';
import { useEventStream } from '@/platform/event-stream';
import { ApiError } from '@/platform/api/http';
import { useEnglish } from '@/i18n/useEnglish';
import { plantClockText, plantNow } from '@/platform/plant-time';
import { fetchPlantBoard } from './board-api';
import { totalTickets, totalTons } from './board-figures';
import './plant-board.css';

/** Without the live stream (no right to it, or it dropped), the board still reads itself this often. */
const POLL_MS = 30_000;
/** Several changes in a burst (a weighing touches the ticket and the trip) make one read. */
const BURST_MS = 300;

/**
 * 厂区大屏 (/clouds/index1): the plant on a wall display, dark and in large type, without the
 * workspace's sidebar and tabs. It reads the board again whenever the plant's live stream says a
 * trip, a ticket or an intervention changed, and every 30 s besides.
 */
export default function PlantBoardPage() {
  const { t } = useTranslation();
  const english = useEnglish();
  const display = useDisplayParams();
  useDocumentTitle(t('brand.board.title'));
  const user = useSession((s) => s.userInfo);
  const orgId = user?.currentOrg ?? null;
  const client = useQueryClient();
  const board = useQuery({ queryKey: ['plant-board', orgId], queryFn: fetchPlantBoard, refetchInterval: POLL_MS, enabled: Boolean(orgId), retry: false });
  const burst = useRef<number | null>(null);
  const changed = () => {
    if (burst.current) window.clearTimeout(burst.current);
    burst.current = window.setTimeout(() => void client.invalidateQueries({ queryKey: ['plant-board', orgId] }), BURST_MS);
  };
  useEffect(() => () => { if (burst.current) window.clearTimeout(burst.current); }, []);
  const stream = useEventStream(orgId ? LIVE_VEHICLES_PATH : null, { on: { snapshot: changed, upsert: changed, remove: changed, intervention: changed }, deps: [orgId] });
  const clock = useClock();

  if (board.error instanceof ApiError && board.error.status === 403) {
    return <div className="pb-page"><Result status="403" title="403" subTitle={t('brand.board.title')} /></div>;
  }
  const data: PlantBoard | undefined = board.data;
  const kindName = (k: string) => (WEIGH_KIND_NAMES as Record<string, { zh: string; en: string }>)[k]?.[english ? 'en' : 'zh'] ?? TRIP_KIND_NAMES[k]?.[english ? 'en' : 'zh'] ?? k;
  const tons = (v: string) => formatWeight(v, display, { unit: false });
  return (
    <div className="pb-page" data-testid="plant-board">
      <header className="pb-head">
        <div className="pb-brand">
          <CompanyLogo orgId={orgId} height={44} fallback={<BrandMark size={44} />} />
          <div>
            <h1>{t('brand.board.title')}</h1>
            <span className="pb-company">{user?.currentOrgName ?? ''}</span>
          </div>
        </div>
        <div className="pb-clock">
          <span data-testid="board-clock">{clock}</span>
          <Badge status={stream === 'live' ? 'processing' : 'warning'} text={<span className="pb-status" data-testid="board-stream" data-status={stream}>{stream === 'live' ? t('brand.board.live') : t('brand.board.reconnecting')}</span>} />
          {board.dataUpdatedAt > 0 && <small>{t('brand.board.updated')} {plantClockText(board.dataUpdatedAt)}</small>}
        </div>
      </header>
      {!data ? (
        <div className="pb-loading"><Spin size="large" /></div>
      ) : (
        <main className="pb-grid">
          <section className="pb-card pb-figures">
            <Figure label={t('brand.board.inPlant')} value={String(data.inPlant.length)} unit={t('brand.board.trucks')} testId="board-in-plant" />
            <Figure label={t('brand.board.tonsToday')} value={tons(totalTons(data.tonsByKind))} unit={t('brand.board.tons')} testId="board-tons" />
            <Figure label={t('brand.board.ticketsToday')} value={String(totalTickets(data.tonsByKind))} unit="" testId="board-tickets" />
            <Figure label={t('brand.board.interventions')} value={String(data.interventions.length)} unit="" testId="board-interventions" warn={data.interventions.length > 0} />
          </section>
          <section className="pb-card pb-wide">
            <h2>{t('brand.board.tonsToday')}</h2>
            <div className="pb-kinds" data-testid="board-kinds">
              {data.tonsByKind.length === 0 && <p className="pb-empty">—</p>}
              {data.tonsByKind.map((k) => (
                <div key={k.kind} className="pb-kind" data-kind={k.kind}>
                  <span>{kindName(k.kind)}</span>
                  <strong>{tons(k.tons)}</strong>
                  <small>{k.tickets} {t('brand.board.tickets')}</small>
                </div>
              ))}
            </div>
          </section>
          <section className="pb-card">
            <h2>{t('brand.board.scales')}</h2>
            {data.scales.length === 0 && <p className="pb-empty">{t('brand.board.noScale')}</p>}
            <div className="pb-scales">
              {data.scales.map((s) => (
                <div key={s.scaleId} className={`pb-scale ${s.latest?.stable ? 'is-stable' : ''}`} data-scale={s.scaleId}>
                  <span>{s.stationName}</span>
                  <strong>{s.latest ? `${s.latest.weight} ${s.latest.unit}` : '—'}</strong>
                  <small>{s.latest ? (s.latest.stable ? t('brand.board.stable') : t('brand.board.unstable')) : t('brand.board.noReading')}</small>
                </div>
              ))}
            </div>
          </section>
          <section className="pb-card pb-wide">
            <h2>{t('brand.board.inPlant')}</h2>
            {data.inPlant.length === 0 ? <p className="pb-empty">{t('brand.board.noTruck')}</p> : (
              <table className="pb-table" data-testid="board-trucks">
                <thead><tr><th>{t('brand.board.plate')}</th><th>{t('brand.board.kind')}</th><th>{t('brand.board.material')}</th><th>{t('brand.board.entered')}</th></tr></thead>
                <tbody>
                  {data.inPlant.slice(0, 12).map((v) => (
                    <tr key={v.registryId} data-plate={v.plateNumber}>
                      <td><strong>{v.plateNumber}</strong></td><td>{kindName(v.kind)}</td><td>{v.materialName ?? ''}</td><td>{v.enteredAt?.slice(11) ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <section className="pb-card">
            <h2>{t('brand.board.interventions')}</h2>
            {data.interventions.length === 0 ? <p className="pb-empty">{t('brand.board.noIntervention')}</p> : (
              <ul className="pb-list">
                {data.interventions.slice(0, 8).map((i) => (
                  <li key={i.id}><strong>{i.plateNumber ?? '—'}</strong> <span>{i.stationName}</span> <small>{i.message}</small></li>
                ))}
              </ul>
            )}
          </section>
        </main>
      )}
    </div>
  );
}

function Figure({ label, value, unit, testId, warn = false }: { label: string; value: string; unit: string; testId: string; warn?: boolean }) {
  return (
    <div className={`pb-figure ${warn ? 'is-warn' : ''}`}>
      <span>{label}</span>
      <strong data-testid={testId}>{value}</strong>
      {unit && <small>{unit}</small>}
    </div>
  );
}

/** The plant's wall clock, ticking each second. */
function useClock(): string {
  const [now, setNow] = useState(() => plantNow().format('YYYY-MM-DD HH:mm:ss'));
  useEffect(() => {
    const id = window.setInterval(() => setNow(plantNow().format('YYYY-MM-DD HH:mm:ss')), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}
