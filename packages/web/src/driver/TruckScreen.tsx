import type { DriverState, Me, Status } from './api';
import { plantMinute } from './clock';
import type { Texts } from './texts';

const STATE_TEXT: Record<DriverState, keyof Texts> = {
  WAITING: 'stateWAITING',
  CALLED: 'stateCALLED',
  IN_PLANT: 'stateIN_PLANT',
  WEIGHED_ONCE: 'stateWEIGHED_ONCE',
  DONE: 'stateDONE',
};

/** 我的车辆: the truck's state first and largest, then his place in the queue or the gate's call. */
export function TruckScreen({ t, me, status, openTicket }: { t: Texts; me: Me | null; status: Status | null; openTicket: () => void }) {
  const state = status?.state ?? me?.trip?.state ?? null;
  const trip = me?.trip ?? null;
  if (!state) {
    return <section className="d-card d-muted" data-testid="driver-no-trip">{t.noTrip}</section>;
  }
  const queue = status?.queue ?? null;
  return (
    <>
      <section className={`d-state d-state-${state}`} data-testid="driver-state" data-state={state}>
        <div className="d-state-text">{t[STATE_TEXT[state]] as string}</div>
        {state === 'WAITING' && queue && (
          <>
            <div className="d-ahead" data-testid="driver-ahead" data-ahead={queue.ahead}>{t.ahead(queue.ahead)}</div>
            <div className="d-place" data-testid="driver-place">{t.place(queue.place)}</div>
          </>
        )}
        {state === 'CALLED' && (
          <div className="d-call" data-testid="driver-call" role="alert">
            <div>{t.callHint}</div>
            {status?.calledAt && <div className="d-small">{t.calledAt} {plantMinute(status.calledAt)}</div>}
          </div>
        )}
        {(state === 'IN_PLANT' || state === 'WEIGHED_ONCE') && <div className="d-call">{t[state === 'IN_PLANT' ? 'hintIN_PLANT' : 'hintWEIGHED_ONCE']}</div>}
      </section>
      {state === 'DONE' && status?.ticket && (
        <div className="d-inline">
          <button type="button" className="d-big" onClick={openTicket} data-testid="driver-open-ticket">{t.openTicket}</button>
        </div>
      )}
      {trip && (
        <section className="d-card" data-testid="driver-trip">
          <dl className="d-facts">
            <dt>{t.registry}</dt>
            <dd data-testid="driver-registry-no">{trip.registryNo}</dd>
            {trip.noticeNo && (
              <>
                <dt>{t.notice}</dt>
                <dd>{trip.noticeNo}</dd>
              </>
            )}
            {trip.material && (
              <>
                <dt>{t.material}</dt>
                <dd>{trip.material}</dd>
              </>
            )}
          </dl>
        </section>
      )}
    </>
  );
}
