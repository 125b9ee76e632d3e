import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Input, Space, Typography, type InputRef } from 'antd';
import { ApiError } from '@/platform/api/http';
import { readCard } from '@/platform/card-reader/bridge-client';
import { findAtGate, supplementCard, type Found } from './api';
import { FoundView } from './FoundView';
import { fill, useGateTexts } from './texts';
import './gate.css';

const messageOf = (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : String(err));

/**
 * IC卡读写: read a card (the operator PC's reader bridge, or the number typed when there is none)
 * and see the open registry it names; bind a card to a registry with the registry's own 补卡 call.
 */
export default function CardPage() {
  const tx = useGateTexts();
  const cardInput = useRef<InputRef>(null);
  const [card, setCard] = useState('');
  const [target, setTarget] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [said, setSaid] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => cardInput.current?.focus(), []);

  const look = async (value: string) => {
    if (!value.trim()) return;
    try {
      setFound(await findAtGate('card', value.trim()));
      setSaid(null);
    } catch (err) {
      setFound(null);
      setSaid({ type: 'error', text: messageOf(err) });
    }
  };

  const read = async () => {
    try {
      const c = await readCard();
      setCard(c.uid);
      await look(c.uid);
    } catch (err) {
      setSaid({ type: 'error', text: `${tx.readerMissing}（${messageOf(err)}）` });
      cardInput.current?.focus();
    }
  };

  const bind = async () => {
    if (!card.trim() || !target.trim()) return;
    try {
      const r = await findAtGate('card', target.trim());
      if (r.found !== 'registry') throw new Error(tx.notFound);
      const done = await supplementCard(r.kind, r.id, card.trim());
      setSaid({ type: 'success', text: fill(tx.bound, { card: done.cardNo, no: done.registryNo }) });
      setTarget('');
      await look(card);
    } catch (err) {
      setSaid({ type: 'error', text: messageOf(err) });
    }
  };

  return (
    <Card title={tx.card} className="wb-gate" data-testid="gate-card">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space.Compact style={{ width: '100%' }}>
          <Input ref={cardInput} size="large" value={card} placeholder={tx.cardUid} data-testid="card-input" allowClear
            onChange={(e) => setCard(e.target.value)} onPressEnter={() => void look(card)} />
          <Button size="large" type="primary" onClick={() => void read()}>{tx.readCard}</Button>
        </Space.Compact>
        <Space.Compact style={{ width: '100%' }}>
          <Input size="large" value={target} placeholder={tx.registryNo} data-testid="card-target"
            onChange={(e) => setTarget(e.target.value)} onPressEnter={() => void bind()} />
          <Button size="large" onClick={() => void bind()} data-testid="card-bind">{tx.bind}</Button>
        </Space.Compact>
        <Typography.Text type="secondary">{tx.cardHint}</Typography.Text>
      </Space>
      {said && <Alert className="wb-gate-said" type={said.type} showIcon title={said.text} data-testid="gate-message" data-type={said.type} />}
      {found && <div className="wb-gate-found"><FoundView found={found} /></div>}
    </Card>
  );
}
