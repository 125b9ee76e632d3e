import { useEffect, useState } from 'react';
import { BookScreen } from './BookScreen';
import { ReceiptScreen } from './ReceiptScreen';
import { TicketScreen, useTicket } from './TicketScreen';
import { TruckScreen } from './TruckScreen';
import { type Lang, saveLang, savedLang, TEXTS, type Texts } from './texts';
import { type Blocked, useDriver } from './useDriver';

type Tab = 'truck' | 'book' | 'ticket' | 'receipt';

/** The driver's page: his plate on top, the chosen screen, and the tabs under his thumb. */
export function App({ initialToken }: { initialToken: string | null }) {
  const [lang, setLang] = useState<Lang>(savedLang);
  const t = TEXTS[lang];
  const session = useDriver(initialToken);
  const [tab, setTab] = useState<Tab>('truck');
  const { ticket, error: ticketError, refresh: refreshTicket } = useTicket(session);

  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    document.title = t.title;
  }, [lang, t.title]);

  const switchLang = () => {
    const next = lang === 'zh' ? 'en' : 'zh';
    saveLang(next);
    setLang(next);
  };

  const header = (
    <header className="d-top">
      <div>
        <div className="d-plate" data-testid="driver-plate">{session.me?.plate ?? t.title}</div>
        {session.me && <div className="d-small">{[session.me.party, session.me.plant].filter(Boolean).join(' · ')}</div>}
      </div>
      <button type="button" className="d-lang" onClick={switchLang} data-testid="driver-lang">{t.langSwitch}</button>
    </header>
  );

  if (session.blocked) return <>{header}<BlockedPage t={t} blocked={session.blocked} retry={session.reload} /></>;

  const showReceipt = ticket?.kind === 'sa' && ticket.complete;
  const tabs: [Tab, string][] = [['truck', t.tabTruck], ['book', t.tabBook], ['ticket', t.tabTicket], ...(showReceipt ? [['receipt', t.tabReceipt] as [Tab, string]] : [])];
  return (
    <>
      {header}
      {session.offline && <div className="d-msg d-msg-bad" role="status">{t.offline}</div>}
      <main className="d-main" data-testid={`driver-screen-${tab}`}>
        {tab === 'truck' && <TruckScreen t={t} me={session.me} status={session.status} openTicket={() => setTab('ticket')} />}
        {tab === 'book' && <BookScreen t={t} session={session} />}
        {tab === 'ticket' && <TicketScreen t={t} session={session} ticket={ticket} error={ticketError} />}
        {tab === 'receipt' && <ReceiptScreen t={t} session={session} ticket={ticket} onDone={refreshTicket} />}
      </main>
      <nav className="d-tabs">
        {tabs.map(([key, label]) => (
          <button type="button" key={key} className={key === tab ? 'd-tab d-tab-on' : 'd-tab'} aria-current={key === tab ? 'page' : undefined}
            onClick={() => setTab(key)} data-testid={`driver-tab-${key}`}>
            {label}
            {key === 'ticket' && ticket?.complete && <span className="d-dot" />}
          </button>
        ))}
      </nav>
    </>
  );
}

function BlockedPage({ t, blocked, retry }: { t: Texts; blocked: Blocked; retry: () => void }) {
  const [title, text] =
    blocked.kind === 'none' ? [t.noTokenTitle, t.noTokenText]
      : blocked.kind === 'expired' ? [t.expiredTitle, t.expiredText]
        : blocked.kind === 'limited' ? [t.limitedTitle, t.limitedText]
          : [t.failedTitle, t.offline];
  // the server's own sentence (zh-CN) names the reason exactly; it stays beside the page's words
  const said = blocked.kind === 'none' ? '' : blocked.message;
  return (
    <main className="d-main" data-testid={`driver-blocked-${blocked.kind}`}>
      <section className="d-state d-state-blocked">
        <div className="d-state-text">{title}</div>
        <p>{text}</p>
        {said && said !== text && <p className="d-small" data-testid="driver-blocked-said">{said}</p>}
      </section>
      {(blocked.kind === 'limited' || blocked.kind === 'failed') && (
        <div className="d-bottom">
          <button type="button" className="d-big" onClick={retry} data-testid="driver-retry">{t.retry}</button>
        </div>
      )}
    </main>
  );
}
