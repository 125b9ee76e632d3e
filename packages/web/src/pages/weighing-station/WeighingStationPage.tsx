import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Descriptions, Form, Input, Radio, Row, Segmented, Select, Space, Tag, type ButtonProps } from 'antd';
import { TICKET_STATE_LABELS, WEIGH_KIND_NAMES, WEIGH_KINDS, type TareChoice, type WeighingReply, type WeighKind } from '@wb/protocol';
import { useEnglish } from '@/i18n/useEnglish';
import { ApiError } from '@/platform/api/http';
import { feedback } from '@/platform/feedback';
import { useDisplay, withUnit } from '@/platform/display';
import { plantDateTimeText } from '@/platform/plant-time';
import { CardReaderError, readCard } from '@/platform/card-reader/bridge-client';
import { loadScales, lookTruck, sendWeighing } from './api';
import { LiveIndicator } from './LiveIndicator';
import { useScaleLive } from './useScaleLive';
import {
  confirmableOf, needsDirection, newRequestId, readingDecimals, readingInTons, readingProblem, readingText, SCALE_STORAGE_KEY, STATION_STORAGE_KEY,
} from './station-rules';
import { useStationTexts } from './texts';
import './station.css';

type Press = { kind: WeighKind; which: 'first' | 'second'; body: Parameters<typeof sendWeighing>[2] };

/**
 * 过磅作业: the operator's weighing screen. Names the truck (plate or IC card), takes the reading and
 * sends the first or second weighing; the server decides gross or tare, the checks and the net and
 * answers the ticket as it stands. A press that got no answer can be resent with its request id.
 */
export default function WeighingStationPage() {
  const tx = useStationTexts();
  const english = useEnglish();
  const display = useDisplay();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const [station, setStation] = useState(() => localStorage.getItem(STATION_STORAGE_KEY) ?? '1#');
  const [kind, setKind] = useState<WeighKind>('pu');
  const [direction, setDirection] = useState<'receive' | 'dispatch'>('receive');
  const [plate, setPlate] = useState('');
  const [cardUid, setCardUid] = useState<string | null>(null);
  const [weight, setWeight] = useState('');
  const [tare, setTare] = useState<TareChoice>('weigh');
  const [busy, setBusy] = useState(false);
  const [unanswered, setUnanswered] = useState<Press | null>(null);
  const [result, setResult] = useState<WeighingReply | null>(null);
  // the scales wired to the platform: a weighing takes the picked scale's stable reading; typing is the manual right's
  const scales = useQuery({ queryKey: ['station-scales'], queryFn: loadScales, staleTime: 60_000 }).data ?? [];
  const [scaleId, setScaleId] = useState<string | null>(() => localStorage.getItem(SCALE_STORAGE_KEY));
  const picked = scales.find((s) => s.scaleId === scaleId) ?? null;
  const [typed, setTyped] = useState(false);
  const fromIndicator = picked !== null && !typed;
  const live = useScaleLive(picked?.scaleId ?? null);

  const send = async (press: Press) => {
    setBusy(true);
    try {
      const reply = await sendWeighing(press.kind, press.which, press.body);
      setUnanswered(null);
      setResult(reply);
      // the truck card shows the weighing just made
      void client.invalidateQueries({ queryKey: ['station-truck'] });
      feedback.success(press.which === 'first' ? tx.first : tx.second);
      setWeight('');
    } catch (err) {
      // the server refused: it said why and stored nothing; no answer at all: the press may be resent as it was
      setUnanswered(err instanceof ApiError && err.status > 0 ? null : press);
      if (!(err instanceof ApiError)) throw err;
      const confirmable = confirmableOf(err.data);
      if (confirmable) askConfirmation(press, confirmable);
      else if (err.status > 0) feedback.error(err.message);
    } finally {
      setBusy(false);
    }
  };

  // an unusual second weighing the plant lets through on confirmation: the refusal's words, then the same reading confirmed as a new press
  const askConfirmation = (press: Press, c: NonNullable<ReturnType<typeof confirmableOf>>) => {
    modal.confirm({
      title: tx.confirmTitle,
      content: <ul className="wb-station-warnings" data-testid="station-confirm-reasons">{c.messages.map((m) => <li key={m}>{m}</li>)}</ul>,
      okText: tx.confirmOk, cancelText: tx.confirmCancel, okButtonProps: { danger: true, 'data-testid': 'station-confirm-ok' } as ButtonProps,
      onOk: () => void send({ ...press, body: { ...press.body, requestId: newRequestId(press.body.stationId), confirm: c.confirm } }),
    });
  };

  const weigh = (which: 'first' | 'second') => {
    if (!station.trim()) return feedback.warning(tx.needStation, 2);
    if (!plate.trim() && !cardUid) return feedback.warning(tx.needTruck, 2);
    const tareFromStore = tare !== 'weigh';
    const problem = tareFromStore || fromIndicator ? null : readingProblem(weight, display.params, display.unitLabel);
    if (problem) return feedback.warning(problem, 2);
    localStorage.setItem(STATION_STORAGE_KEY, station.trim());
    const body = {
      stationId: station.trim(), requestId: newRequestId(station.trim()),
      ...(cardUid ? { cardUid } : { plate: plate.trim() }),
      // the server takes the scale's latest stable reading, or the typed weight as typed by hand: it decides
      // which from what it receives (a typed weight needs 手工过磅 and marks the ticket), never from a flag
      ...(tareFromStore ? {} : fromIndicator ? { scaleId: picked.scaleId } : { weight: readingInTons(weight, display.params) }),
      tare,
      ...(needsDirection(kind) ? { direction } : {}),
    };
    void send({ kind, which, body });
  };

  const onReadCard = async () => {
    try {
      const card = await readCard();
      setCardUid(card.uid);
      setPlate('');
    } catch (err) {
      if (err instanceof CardReaderError) feedback.error(err.message);
      else throw err;
    }
  };

  return (
    <div className="wb-card wb-station" data-testid="weighing-station">
      <Row gutter={24}>
        <Col xs={24} xl={14}>
          <Form layout="horizontal" labelCol={{ flex: '100px' }} colon={false}>
            <Form.Item label={tx.station} tooltip={tx.stationHint}>
              <Input data-testid="station-id" value={station} onChange={(e) => setStation(e.target.value)} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item label={tx.kind}>
              <Segmented data-testid="station-kind" value={kind} onChange={(v) => setKind(v as WeighKind)}
                options={WEIGH_KINDS.map((k) => ({ value: k, label: english ? WEIGH_KIND_NAMES[k].en : WEIGH_KIND_NAMES[k].zh }))} />
            </Form.Item>
            {needsDirection(kind) && (
              <Form.Item label={tx.direction}>
                <Radio.Group value={direction} onChange={(e) => setDirection(e.target.value)}
                  options={[{ value: 'receive', label: tx.receive }, { value: 'dispatch', label: tx.dispatch }]} />
              </Form.Item>
            )}
            <Form.Item label={tx.plate}>
              <Space.Compact style={{ width: '100%' }}>
                <Input data-testid="station-plate" value={plate} placeholder={tx.platePh} disabled={Boolean(cardUid)}
                  onChange={(e) => setPlate(e.target.value.toUpperCase())} />
                <Button data-testid="station-read-card" onClick={() => void onReadCard()}>{tx.readCard}</Button>
              </Space.Compact>
              {cardUid && <Tag closable onClose={() => setCardUid(null)} color="blue" style={{ marginTop: 8 }}>{tx.card} {cardUid}</Tag>}
            </Form.Item>
            <Form.Item label={tx.scale} tooltip={tx.scaleHint}>
              <Select data-testid="station-scale" value={picked?.scaleId ?? null} placeholder={tx.noScale} allowClear style={{ width: 240 }}
                onChange={(v: string | undefined) => {
                  setScaleId(v ?? null);
                  if (v) localStorage.setItem(SCALE_STORAGE_KEY, v);
                  else localStorage.removeItem(SCALE_STORAGE_KEY);
                }}
                options={scales.map((s) => ({ value: s.scaleId, label: `${s.scaleId} ${s.stationName}` }))} />
            </Form.Item>
            {picked && (
              <Form.Item label={tx.source}>
                <Radio.Group data-testid="station-source" value={typed ? 'manual' : 'indicator'} onChange={(e) => setTyped(e.target.value === 'manual')}
                  options={[{ value: 'indicator', label: tx.sourceIndicator }, { value: 'manual', label: tx.sourceManual }]} />
              </Form.Item>
            )}
            {picked && !typed && (
              <Form.Item label=" ">
                <LiveIndicator latest={live.latest} trend={live.trend} status={live.status} />
              </Form.Item>
            )}
            {!fromIndicator && (
              <Form.Item label={withUnit(tx.weight, display)} tooltip={tx.manualHint}>
                {/* typed in the plant's unit with its decimals (31.90 吨, 31,950 千克 typed 31950); sent in tons */}
                <Input data-testid="station-weight" className="wb-station-reading" value={weight} inputMode="decimal"
                  suffix={<span data-testid="station-weight-unit">{display.unitLabel}</span>}
                  placeholder={(0).toFixed(readingDecimals(display.params))}
                  onChange={(e) => setWeight(e.target.value)} onBlur={() => setWeight((w) => readingText(w, display.params))}
                  onPressEnter={() => weigh('first')} />
              </Form.Item>
            )}
            <Form.Item label={tx.tare}>
              <Select data-testid="station-tare" value={tare} onChange={setTare} style={{ width: 240 }} options={[
                { value: 'weigh', label: tx.tareWeigh }, { value: 'stored', label: tx.tareStored }, { value: 'last', label: tx.tareLast },
                { value: 'average', label: tx.tareAverage }, { value: 'standard', label: tx.tareStandard },
              ]} />
            </Form.Item>
            <Form.Item label=" ">
              <Space wrap>
                <Button type="primary" size="large" data-testid="station-first" loading={busy} onClick={() => weigh('first')}>{tx.first}</Button>
                <Button type="primary" size="large" data-testid="station-second" loading={busy} onClick={() => weigh('second')}>{tx.second}</Button>
                {unanswered && (
                  <Button size="large" danger data-testid="station-retry" loading={busy} title={tx.retryHint} onClick={() => void send(unanswered)}>{tx.retry}</Button>
                )}
              </Space>
            </Form.Item>
          </Form>
        </Col>
        <Col xs={24} xl={10}>
          <TruckCard kind={kind} plate={plate} cardUid={cardUid} />
          <Card title={tx.result} size="small" data-testid="station-result">
            {result ? <ResultView reply={result} /> : <span className="wb-muted">{tx.noResult}</span>}
          </Card>
        </Col>
      </Row>
    </div>
  );
}

function ResultView({ reply }: { reply: WeighingReply }) {
  const tx = useStationTexts();
  const display = useDisplay();
  const english = useEnglish();
  const stateLabel = (code: string) => (TICKET_STATE_LABELS[code] ? TICKET_STATE_LABELS[code][english ? 'en' : 'zh'] : code);
  const tons = (v: string | null) => (v === null ? '—' : display.weight(v, { unit: true }));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={1} bordered items={[
        { key: 'no', label: tx.ticketNo, children: <span data-testid="result-ticket-no">{reply.ticketNo}</span> },
        { key: 'state', label: tx.state, children: <span data-testid="result-state" data-state={reply.state}>{stateLabel(reply.state)}</span> },
        { key: 'gross', label: tx.gross, children: <span data-testid="result-gross">{tons(reply.gross)}</span> },
        { key: 'tare', label: tx.tareW, children: <span data-testid="result-tare">{tons(reply.tare)}</span> },
        { key: 'deduct', label: tx.deduct, children: <span data-testid="result-deduct">{tons(reply.deductTotal)}</span> },
        { key: 'net', label: tx.net, children: <strong data-testid="result-net">{tons(reply.net)}</strong> },
      ]} />
      {reply.replay && <Alert type="info" showIcon message={tx.replay} />}
      {reply.swapped && <Alert type="warning" showIcon message={tx.swapped} data-testid="result-swapped" />}
      {reply.warnings.length > 0 && (
        <Alert type="warning" showIcon message={tx.warnings} data-testid="result-warnings"
          description={<ul className="wb-station-warnings">{reply.warnings.map((w) => <li key={w.check + w.message}>{w.message}</li>)}</ul>} />
      )}
    </Space>
  );
}

/** How long the plate must rest before the truck is looked up: a look per truck, not per key. */
const LOOK_DELAY_MS = 400;

/**
 * 车辆信息: once the plate or the card names the truck, what the operator checks before weighing:
 * its registry, notice, material, party and, when it is back for its second weighing, the first
 * (side, weight, time). A plate that names no trip says so.
 */
function TruckCard({ kind, plate, cardUid }: { kind: WeighKind; plate: string; cardUid: string | null }) {
  const tx = useStationTexts();
  const display = useDisplay();
  const [asked, setAsked] = useState<{ plate: string } | { cardUid: string } | null>(null);
  useEffect(() => {
    if (cardUid) return setAsked({ cardUid });
    const typed = plate.trim();
    if (typed.length < 3) return setAsked(null);
    const timer = setTimeout(() => setAsked({ plate: typed }), LOOK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [plate, cardUid]);
  const look = useQuery({ queryKey: ['station-truck', kind, asked], queryFn: () => lookTruck(kind, asked!), enabled: asked !== null, staleTime: 0, retry: false });
  const answer = asked ? look.data : undefined;
  let body;
  if (!answer) body = <span className="wb-muted">{tx.truckAsk}</span>;
  else if (!answer.found) body = <Alert type="warning" showIcon title={answer.message} data-testid="station-truck-none" />;
  else {
    const t = answer.truck;
    const first = t.first
      ? `${t.first.side === 'GROSS' ? tx.firstGross : tx.firstTare} ${display.weight(t.first.weight, { unit: true })} · ${t.first.time ? plantDateTimeText(t.first.time) : ''} · ${t.first.ticketNo}`
      : tx.notYet;
    body = (
      <Descriptions size="small" column={1} bordered items={[
        { key: 'registry', label: tx.registryNo, children: <span data-testid="truck-registry">{t.registryNo}</span> },
        { key: 'notice', label: tx.noticeNo, children: <span data-testid="truck-notice">{t.noticeNo ?? ''}</span> },
        { key: 'material', label: tx.material, children: <span data-testid="truck-material">{t.materialName ?? ''}</span> },
        { key: 'party', label: tx.party, children: <span data-testid="truck-party">{t.partyName ?? ''}</span> },
        { key: 'first', label: tx.firstWeighing, children: <strong data-testid="truck-first">{first}</strong> },
      ]} />
    );
  }
  return <Card title={tx.truck} size="small" data-testid="station-truck" style={{ marginBottom: 12 }}>{body}</Card>;
}
