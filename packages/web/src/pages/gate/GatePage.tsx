import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Input, Space, Typography, type InputRef } from 'antd';
import { ApiError } from '@/platform/api/http';
import { readCard } from '@/platform/card-reader/bridge-client';
import { findAtGate, letIn, letOut, letPassIn, qrOf, type Found } from './api';
import { qrSvg } from './qr-svg';
import { FoundView } from './FoundView';
import { WaitingList } from './WaitingList';
import { fill, useGateTexts } from './texts';
import './gate.css';

type Said = { type: 'success' | 'error' | 'info'; text: string } | null;

const messageOf = (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : String(err));

/**
 * 车辆入厂 / 车辆出厂: one box takes a plate, an IC card, a pass number or a scanned QR code; Enter
 * finds, Enter again lets the truck through with the registry list's own gate call (letin or
 * letout), so the same checks and log entries apply. A pass card is let in through the gate's call.
 */
export default function GatePage({ mode }: { mode: 'entrance' | 'release' }) {
  const tx = useGateTexts();
  const input = useRef<InputRef>(null);
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ text: string; found: Found } | null>(null);
  const [said, setSaid] = useState<Said>(null);
  const [busy, setBusy] = useState(false);

  const focus = () => {
    setTimeout(() => input.current?.focus(), 0);
  };
  useEffect(focus, []);

  const search = useCallback(async (value: string) => {
    const q = value.trim();
    if (!q) return;
    setBusy(true);
    try {
      const f = await findAtGate(mode, q);
      setFound({ text: q, found: f });
      setSaid(f.found === 'pass' && f.refusal ? { type: 'error', text: f.refusal } : { type: 'info', text: tx.enterHint });
    } catch (err) {
      setFound(null);
      setSaid({ type: 'error', text: messageOf(err) });
    } finally {
      setBusy(false);
      focus();
    }
  }, [mode, tx]);

  const act = useCallback(async () => {
    if (!found) return;
    const f = found.found;
    setBusy(true);
    try {
      if (f.found === 'pass') {
        const done = await letPassIn(f.pass.passNo);
        setSaid({ type: 'success', text: fill(tx.passDone, { no: done.passNo, n: done.usedCount }) });
      } else {
        const plate = String(f.registry.plateNumber ?? f.registryNo);
        await (mode === 'entrance' ? letIn(f.kind, f.id) : letOut(f.kind, f.id));
        setSaid({ type: 'success', text: fill(mode === 'entrance' ? tx.letInDone : tx.letOutDone, { plate }) });
      }
      setFound(null);
      setText('');
    } catch (err) {
      setSaid({ type: 'error', text: messageOf(err) });
    } finally {
      setBusy(false);
      focus();
    }
  }, [found, mode, tx]);

  // Enter on what was just found lets it through; on anything newly typed it finds first
  const onEnter = () => (found && found.text === text.trim() && !busy ? void act() : void search(text));

  const readFromReader = async () => {
    try {
      const card = await readCard();
      setText(card.uid);
      await search(card.uid);
    } catch (err) {
      setSaid({ type: 'error', text: `${tx.readerMissing}（${messageOf(err)}）` });
      focus();
    }
  };

  const printQr = async () => {
    if (!found) return;
    const f = found.found;
    const qr = await qrOf(f.found === 'pass' ? { passNo: f.pass.passNo } : { registryId: f.id });
    const w = window.open('', '_blank', 'width=420,height=360');
    if (!w) return;
    w.document.title = qr.docNo;
    w.document.body.appendChild(qrSvg(w.document, qr.qr));
    const pre = w.document.createElement('pre');
    pre.textContent = `${qr.docNo}\n${qr.content}`;
    pre.style.whiteSpace = 'pre-wrap';
    w.document.body.appendChild(pre);
    w.print();
  };

  const actLabel = found?.found.found === 'pass' ? tx.passIn : mode === 'entrance' ? tx.letIn : tx.letOut;
  const canAct = found && !(found.found.found === 'pass' && (mode === 'release' || found.found.refusal));
  return (
    <Card title={mode === 'entrance' ? tx.entrance : tx.release} className="wb-gate" data-testid={`gate-${mode}`}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          ref={input} size="large" value={text} placeholder={tx.placeholder} data-testid="gate-input" allowClear
          onChange={(e) => setText(e.target.value)} onPressEnter={onEnter}
        />
        <Button size="large" onClick={() => void search(text)} loading={busy}>{tx.search}</Button>
        <Button size="large" onClick={() => void readFromReader()}>{tx.readCard}</Button>
      </Space.Compact>
      {said && <Alert className="wb-gate-said" type={said.type} showIcon title={said.text} data-testid="gate-message" data-type={said.type} />}
      {found && (
        <div className="wb-gate-found">
          <FoundView found={found.found} />
          <Space style={{ marginTop: 12 }}>
            <Button type="primary" size="large" disabled={!canAct} loading={busy} onClick={() => void act()} data-testid="gate-act">{`${actLabel} (Enter)`}</Button>
            <Button onClick={() => void printQr()}>{tx.printQr}</Button>
          </Space>
        </div>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>{tx.placeholder}</Typography.Paragraph>
      {mode === 'entrance' && <WaitingList />}
    </Card>
  );
}
