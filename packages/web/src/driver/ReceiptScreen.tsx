import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { driverApi, type ETicket } from './api';
import type { DriverSession } from './useDriver';
import type { Texts } from './texts';

/**
 * 收货确认 of a sales delivery at the destination: the receiver types his name and signs with a
 * finger; the signature goes to the server as a PNG, once.
 */
export function ReceiptScreen({ t, session, ticket, onDone }: { t: Texts; session: DriverSession; ticket: ETicket | null; onDone: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const open = Boolean(ticket?.receiptAllowed);

  useEffect(() => {
    const el = canvas.current;
    if (!open || !el) return;
    // drawn at the screen's pixel density, or the strokes come out blurred
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = el.offsetWidth * ratio;
    el.height = el.offsetHeight * ratio;
    el.getContext('2d')?.scale(ratio, ratio);
    const p = new SignaturePad(el, { backgroundColor: 'rgb(255,255,255)', penColor: '#111' });
    pad.current = p;
    return () => {
      p.off();
      pad.current = null;
    };
  }, [open]);

  if (ticket?.receipt) {
    return (
      <section className="d-card d-msg-ok" data-testid="receipt-done">
        <div className="d-card-title">{t.receiptDone}</div>
        <div>{ticket.receipt.receiverName} · {ticket.receipt.receivedAt}</div>
      </section>
    );
  }
  if (!open) return <section className="d-card d-muted" data-testid="receipt-closed">{t.receiptNotSales}</section>;

  const submit = async () => {
    if (busy) return;
    if (!name.trim()) return setMessage({ ok: false, text: t.receiptNeedsName });
    if (!pad.current || pad.current.isEmpty()) return setMessage({ ok: false, text: t.receiptNeedsSign });
    setBusy(true);
    try {
      await driverApi.receipt(session.token, { receiverName: name.trim(), signature: pad.current.toDataURL('image/png') });
      setMessage({ ok: true, text: t.receiptDone });
      onDone();
    } catch (err) {
      setMessage({ ok: false, text: session.fail(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p className="d-card">{t.receiptIntro}</p>
      {message && <div className={`d-msg ${message.ok ? 'd-msg-ok' : 'd-msg-bad'}`} role="status" data-testid="receipt-message">{message.text}</div>}
      <label className="d-field">
        <span>{t.receiverName}</span>
        <input value={name} maxLength={40} onChange={(e) => setName(e.target.value)} data-testid="receipt-name" autoComplete="name" />
      </label>
      <div className="d-field">
        <span>{t.sign}</span>
        <canvas ref={canvas} className="d-sign" data-testid="receipt-signature" />
      </div>
      <div className="d-bottom">
        <button type="button" className="d-mid" onClick={() => pad.current?.clear()}>{t.clear}</button>
        <button type="button" className="d-big" disabled={busy} onClick={() => void submit()} data-testid="receipt-submit">{t.submitReceipt}</button>
      </div>
    </>
  );
}
