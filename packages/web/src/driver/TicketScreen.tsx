import { useEffect, useState } from 'react';
import { DriverCallError, driverApi, type ETicket, pdfHref } from './api';
import { Qr } from './Qr';
import type { DriverSession } from './useDriver';
import type { Texts } from './texts';

/** His trip's ticket, loaded again when the truck's ticket or its state changes (a poll saw it). */
export function useTicket(session: DriverSession): { ticket: ETicket | null; error: string | null; refresh: () => void } {
  const [ticket, setTicket] = useState<ETicket | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const seen = session.status?.ticket ? `${session.status.ticket.id}:${session.status.ticket.state}` : '';
  useEffect(() => {
    let gone = false;
    if (!seen) {
      setTicket(null);
      return;
    }
    driverApi.ticket(session.token).then(
      (tk) => {
        if (gone) return;
        setTicket(tk);
        setError(null);
      },
      (err: unknown) => {
        if (gone) return;
        if (err instanceof DriverCallError && err.status === 404) setTicket(null);
        else setError(session.fail(err));
      },
    );
    return () => {
      gone = true;
    };
  }, [seen, round, session.token, session.fail]);
  return { ticket, error, refresh: () => setRound((r) => r + 1) };
}

/** 电子磅单: the figures as printed, the PDF, and the QR of the public check to show at the receiver. */
export function TicketScreen({ t, session, ticket, error }: { t: Texts; session: DriverSession; ticket: ETicket | null; error: string | null }) {
  if (error) return <div className="d-msg d-msg-bad" role="status">{error}</div>;
  if (!ticket) return <section className="d-card d-muted" data-testid="ticket-none">{t.noTicket}</section>;
  const weight = (v: string | null) => (v === null ? '—' : `${v} ${ticket.unit}`);
  return (
    <>
      <section className="d-card" data-testid="eticket" data-complete={ticket.complete}>
        <div className="d-card-title">{ticket.kindTitle} <span className="d-small">{ticket.stateLabel}</span></div>
        <dl className="d-facts">
          <dt>{t.ticketNo}</dt>
          <dd data-testid="eticket-no">{ticket.ticketNo}</dd>
          <dt>{t.plate}</dt>
          <dd>{ticket.plate}</dd>
          {ticket.material && (<><dt>{t.material}</dt><dd>{ticket.material}</dd></>)}
          {ticket.party && (<><dt>{t.party}</dt><dd>{ticket.party}</dd></>)}
          <dt>{t.gross}</dt>
          <dd data-testid="eticket-gross">{weight(ticket.gross)}</dd>
          <dt>{t.tare}</dt>
          <dd data-testid="eticket-tare">{weight(ticket.tare)}</dd>
          {ticket.deduction && Number(ticket.deduction) !== 0 && (<><dt>{t.deduction}</dt><dd>{weight(ticket.deduction)}</dd></>)}
          <dt>{t.net}</dt>
          <dd className="d-net" data-testid="eticket-net">{weight(ticket.net)}</dd>
          {ticket.firstTime && (<><dt>{t.firstTime}</dt><dd>{ticket.firstTime}</dd></>)}
          {ticket.secondTime && (<><dt>{t.secondTime}</dt><dd>{ticket.secondTime}</dd></>)}
          {ticket.receipt && (<><dt>{t.receivedAt}</dt><dd data-testid="eticket-receipt">{ticket.receipt.receiverName} {ticket.receipt.receivedAt}</dd></>)}
        </dl>
      </section>
      {ticket.checkUrl && (
        <section className="d-card d-center" data-testid="eticket-check">
          <Qr text={ticket.checkUrl} testId="eticket-qr" pixels={220} />
          <div className="d-small">{t.checkQr}</div>
        </section>
      )}
      {ticket.complete && (
        <div className="d-inline">
          <a className="d-big" href={pdfHref(ticket, session.token)} target="_blank" rel="noopener" data-testid="eticket-pdf">{t.pdf}</a>
        </div>
      )}
    </>
  );
}
