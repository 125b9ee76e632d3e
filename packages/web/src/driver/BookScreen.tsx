import { useEffect, useState } from 'react';
import { DriverCallError, driverApi, type Booking, type OpenNotice } from './api';
import type { DriverSession } from './useDriver';
import type { Texts } from './texts';

interface Choice {
  lineId: string;
  day: string;
}

/**
 * 预约: the open notices of his company with each day's window and places left; he picks a line
 * and a day, says how much he will load, and books with the big button at the bottom. His bookings
 * follow, each with 取消 (tapped twice: a thumb slips).
 */
export function BookScreen({ t, session }: { t: Texts; session: DriverSession }) {
  const { token, me } = session;
  const [notices, setNotices] = useState<OpenNotice[] | null>(null);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [quantity, setQuantity] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let gone = false;
    driverApi.notices(token).then(
      (r) => !gone && setNotices(r.notices),
      (err: unknown) => !gone && setMessage({ ok: false, text: session.fail(err) }),
    );
    return () => {
      gone = true;
    };
  }, [token, round, session.fail]);

  const book = async () => {
    if (!choice || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const r = await driverApi.book(token, { noticeLineId: choice.lineId, day: choice.day, quantity: Number(quantity) });
      setMessage({ ok: true, text: `${t.booked}: ${r.booking.day} ${r.booking.registryNo}` });
      setChoice(null);
      setQuantity('');
      session.switchToken(r.token);
      session.reload();
      setRound((x) => x + 1);
    } catch (err) {
      setMessage({ ok: false, text: session.fail(err) });
    } finally {
      setBusy(false);
    }
  };

  const quantityOk = Number(quantity) > 0;
  return (
    <>
      {message && (
        <div className={`d-msg ${message.ok ? 'd-msg-ok' : 'd-msg-bad'}`} role="status" data-testid="book-message">{message.text}</div>
      )}
      <h2 className="d-h2">{t.myBookings}</h2>
      <MyBookings t={t} bookings={me?.bookings ?? []} session={session} onChange={() => setRound((x) => x + 1)} />
      <h2 className="d-h2">{t.openNotices}</h2>
      {notices === null && <div className="d-card d-muted">{t.loading}</div>}
      {notices?.length === 0 && <div className="d-card d-muted" data-testid="book-none">{t.noNotices}</div>}
      {notices?.map((n) => (
        <section className="d-card" key={n.noticeId} data-testid="book-notice" data-notice-no={n.noticeNo}>
          <div className="d-card-title">{n.noticeNo}</div>
          {n.party && <div className="d-small">{n.party}</div>}
          {n.lines.map((line) => (
            <div key={line.noticeLineId} className="d-line">
              <div className="d-line-title">{line.material}{line.left !== null && <span className="d-small"> · {line.left} {line.unit ?? ''}</span>}</div>
              <div className="d-days">
                {line.days.map((d) => {
                  const picked = choice?.lineId === line.noticeLineId && choice.day === d.day;
                  return (
                    <button type="button" key={d.day} className={`d-day${picked ? ' d-day-picked' : ''}`} disabled={!d.bookable} aria-pressed={picked}
                      data-testid="book-day" data-day={d.day} onClick={() => setChoice({ lineId: line.noticeLineId, day: d.day })}>
                      <span className="d-day-date">{d.day.slice(5)}</span>
                      <span className="d-day-window">{d.window ?? ''}</span>
                      <span className="d-day-left">{t.placesLeft(d.placesLeft)}</span>
                    </button>
                  );
                })}
              </div>
            </div>
          ))}
        </section>
      ))}
      {choice && (
        <div className="d-bottom">
          <input inputMode="decimal" placeholder={t.quantity} aria-label={t.quantity} value={quantity} onChange={(e) => setQuantity(e.target.value)} data-testid="book-quantity" />
          <button type="button" className="d-big" disabled={busy || !quantityOk} onClick={book} data-testid="book-submit">
            {t.book} {choice.day}
          </button>
        </div>
      )}
    </>
  );
}

function MyBookings({ t, bookings, session, onChange }: { t: Texts; bookings: Booking[]; session: DriverSession; onChange: () => void }) {
  const [asking, setAsking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (bookings.length === 0) return <div className="d-card d-muted" data-testid="my-bookings-none">{t.noBookings}</div>;
  const cancel = async (id: string) => {
    if (asking !== id) {
      setAsking(id);
      return;
    }
    setAsking(null);
    try {
      await driverApi.cancel(session.token, id);
      setError(null);
      session.reload();
      onChange();
    } catch (err) {
      setError(err instanceof DriverCallError ? session.fail(err) : String(err));
    }
  };
  return (
    <>
      {error && <div className="d-msg d-msg-bad" role="status">{error}</div>}
      {bookings.map((b) => (
        <section className="d-card d-booking" key={b.id} data-testid="my-booking" data-registry-no={b.registryNo}>
          <div>
            <div className="d-card-title">{b.day} {b.window ?? ''}</div>
            <div className="d-small">{b.noticeNo} · {b.material} · {b.registryNo}</div>
          </div>
          {b.cancellable && (
            <button type="button" className={`d-mid${asking === b.id ? ' d-danger' : ''}`} onClick={() => void cancel(b.id)} data-testid="booking-cancel">
              {asking === b.id ? t.cancelAsk : t.cancel}
            </button>
          )}
        </section>
      ))}
    </>
  );
}
