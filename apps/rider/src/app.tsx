import type { RiderStop, RiderTrip, RiderTrips } from '@grocer/shared/delivery-trips';
import { ApiError } from '@grocer/shared/api-client';
import { useEffect, useRef, useState } from 'preact/hooks';
import * as Api from './api';
import { FAIL_LABELS, FAIL_NEXT_LABELS, firstName, STATUS_LABELS } from './labels';
import { shopDay, slotWindow } from '@grocer/shared/delivery-promise';
import { shopDayOf } from '@grocer/shared/shop-time';
import { mapsHref, parseRupees, plainError, rupees, shortBy } from './lib';
import { go, useRoute, type Route } from './router';
import { DoorPhoto, TripCash } from './cash';
import { LocationShare, SharingBar } from './location';

const ANDROID = /Android/i.test(navigator.userAgent);

type Session = 'checking' | 'signed-out' | 'not-rider' | 'rider';

export function App() {
  const [session, setSession] = useState<Session>('checking');
  const [trips, setTrips] = useState<RiderTrips['data'] | null>(null);
  const [error, setError] = useState('');

  const loadTrips = async () => {
    setError('');
    try {
      const res = await Api.myTrips();
      setTrips(res.data);
      setSession('rider');
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) setSession('signed-out');
      else if (e instanceof ApiError && e.status === 403) setSession('not-rider');
      else {
        setSession((s) => (s === 'checking' ? 'rider' : s));
        setError(plainError(e));
      }
    }
  };
  useEffect(() => {
    void loadTrips();
  }, []);

  const signOut = async () => {
    await Api.signOut().catch(() => undefined);
    setTrips(null);
    setSession('signed-out');
    go({ name: 'trips' }, true);
  };
  const expired = (e: unknown) => {
    if (e instanceof ApiError && e.status === 401) setSession('signed-out');
  };

  if (session === 'checking')
    return (
      <Shell title="Rider">
        <p class="muted" role="status">
          Loading…
        </p>
      </Shell>
    );
  if (session === 'signed-out') return <SignIn onSignedIn={loadTrips} />;
  if (session === 'not-rider')
    return (
      <Shell title="Not a rider">
        <p class="notice" role="alert">
          You are signed in, but this account is not a rider for this shop. Ask the shop to tick <b>Rider</b> for you on Administration →
          Staff, then open this app again.
        </p>
        <button type="button" class="btn" onClick={signOut}>
          Sign out
        </button>
      </Shell>
    );
  return <Rider trips={trips} error={error} reload={loadTrips} signOut={signOut} expired={expired} />;
}

function Shell(props: { title: string; back?: Route; action?: preact.ComponentChildren; children: preact.ComponentChildren }) {
  useEffect(() => {
    document.title = `${props.title} · Rider`;
  }, [props.title]);
  return (
    <>
      <header class="bar">
        {props.back ? (
          <a
            class="back"
            href={`/rider${props.back.name === 'trips' ? '/' : `/trips/${'id' in props.back ? props.back.id : ''}`}`}
            onClick={(e) => {
              e.preventDefault();
              if (props.back) go(props.back);
            }}
          >
            <span aria-hidden="true">‹</span> Back
          </a>
        ) : null}
        <h1>{props.title}</h1>
        {props.action}
      </header>
      <SharingBar />
      <main>{props.children}</main>
    </>
  );
}

function Alert({ text }: { text: string }) {
  return text ? (
    <p class="error" role="alert">
      {text}
    </p>
  ) : null;
}

// ── Sign in ─────────────────────────────────────────────────────────────────────────────────────

function SignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [identifier, setIdentifier] = useState('');
  const [sent, setSent] = useState<Api.CodeSent | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [wait, setWait] = useState(0);
  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);

  const send = async (e?: Event) => {
    e?.preventDefault();
    if (!identifier.trim()) return setError('Enter your mobile number or email.');
    setBusy(true);
    setError('');
    try {
      const s = await Api.sendCode(identifier.trim());
      setSent(s);
      setWait(s.resendAfter);
      setCode('');
    } catch (err) {
      setError(
        err instanceof ApiError && err.code === 'ACCOUNT_NOT_FOUND' ? 'No staff account has this mobile or email.' : plainError(err),
      );
    } finally {
      setBusy(false);
    }
  };
  const verify = async (value = code) => {
    if (!/^\d{6}$/.test(value)) return setError('Enter the 6-digit code.');
    setBusy(true);
    setError('');
    try {
      await Api.verifyCode(identifier.trim(), value);
      await onSignedIn();
    } catch (err) {
      setError(plainError(err));
      setBusy(false);
    }
  };

  return (
    <Shell title="Rider sign in">
      {!sent ? (
        <form class="card stack" onSubmit={send} noValidate>
          <p>Sign in with the mobile number or email the shop has for you. We send you a code.</p>
          <label for="identifier">Mobile number or email</label>
          <input
            id="identifier"
            name="identifier"
            type="text"
            inputMode="email"
            autoComplete="username"
            value={identifier}
            onInput={(e) => setIdentifier(e.currentTarget.value)}
          />
          <Alert text={error} />
          <button class="btn primary" type="submit" disabled={busy}>
            {busy ? 'Sending…' : 'Send code'}
          </button>
        </form>
      ) : (
        <form
          class="card stack"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void verify();
          }}
        >
          <p>
            We sent a 6-digit code to <b>{sent.sentTo}</b>.
          </p>
          <label for="code">6-digit code</label>
          <input
            id="code"
            name="code"
            class="digits"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onInput={(e) => {
              const v = e.currentTarget.value.replace(/\D/g, '').slice(0, 6);
              setCode(v);
              if (v.length === 6) void verify(v);
            }}
          />
          <Alert text={error} />
          <button class="btn primary" type="submit" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
          <div class="row">
            <button type="button" class="btn" disabled={busy || wait > 0} onClick={() => void send()}>
              {wait > 0 ? `Send again in ${wait} s` : 'Send again'}
            </button>
            <button
              type="button"
              class="btn"
              onClick={() => {
                setSent(null);
                setError('');
              }}
            >
              Change number
            </button>
          </div>
        </form>
      )}
    </Shell>
  );
}

// ── Signed in ───────────────────────────────────────────────────────────────────────────────────

interface RiderProps {
  trips: RiderTrips['data'] | null;
  error: string;
  reload: () => Promise<void>;
  signOut: () => void;
  expired: (e: unknown) => void;
}

function Rider(props: RiderProps) {
  const route = useRoute();
  const [open, setOpen] = useState<RiderTrip | null>(null);
  const [flash, setFlash] = useState('');
  const tripId = route.name === 'trips' ? null : route.id;
  const [tripError, setTripError] = useState('');
  // the list again: fresh counts; a trip: fresh stops (the one in hand is shown meanwhile)
  const live = useRef(props);
  live.current = props;
  useEffect(() => {
    const { reload, expired } = live.current;
    setFlash('');
    if (tripId === null) {
      void reload();
      return;
    }
    setTripError('');
    let stale = false;
    Api.trip(tripId).then(
      (t) => !stale && setOpen(t),
      (e) => {
        expired(e);
        if (!stale) setTripError(plainError(e));
      },
    );
    return () => {
      stale = true;
    };
  }, [tripId]);

  if (route.name === 'trips') return <Trips {...props} onOpen={(t) => setOpen(t)} />;
  const t = open?.id === route.id ? open : null;
  if (!t)
    return (
      <Shell title="Trip" back={{ name: 'trips' }}>
        {tripError ? <Alert text={tripError} /> : <p class="muted">Loading the trip…</p>}
      </Shell>
    );
  if (route.name === 'trip')
    return (
      <TripScreen
        trip={t}
        flash={flash}
        onChange={(next, said) => {
          setOpen(next);
          setFlash(said);
        }}
        expired={props.expired}
      />
    );
  const stop = t.stops_list.find((s) => s.order_id === route.orderId && !s.outcome);
  if (!stop)
    return (
      <Shell title="Stop" back={{ name: 'trip', id: t.id }}>
        <p class="notice">This stop is already closed. Go back to the trip.</p>
      </Shell>
    );
  const done = (next: RiderTrip, said: string) => {
    setOpen(next);
    setFlash(said);
    go({ name: 'trip', id: t.id }, true);
  };
  return route.name === 'deliver' ? (
    <Deliver trip={t} stop={stop} done={done} expired={props.expired} />
  ) : (
    <Fail trip={t} stop={stop} done={done} expired={props.expired} />
  );
}

function StatusChip({ status }: { status: RiderTrip['status'] }) {
  return <span class={`chip ${status}`}>{STATUS_LABELS[status]}</span>;
}

function Trips(props: RiderProps & { onOpen: (t: RiderTrip) => void }) {
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState('');
  const today = shopDayOf();
  const pickUp = async (id: number) => {
    setBusy(id);
    setError('');
    try {
      props.onOpen(await Api.pickUp(id));
      go({ name: 'trip', id });
    } catch (e) {
      props.expired(e);
      setError(plainError(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Shell
      title="Your trips"
      action={
        <button type="button" class="btn small" onClick={props.signOut}>
          Sign out
        </button>
      }
    >
      <Alert text={props.error || error} />
      {props.trips === null ? (
        <p class="muted">Loading your trips…</p>
      ) : props.trips.length === 0 ? (
        <div class="card stack">
          <p>
            <b>No trips for you today.</b> When the shop gives you a trip on Dispatch it shows here.
          </p>
          <button type="button" class="btn" onClick={() => void props.reload()}>
            Refresh
          </button>
        </div>
      ) : (
        <ul class="list">
          {props.trips.map((t) => (
            <li key={t.id} class="card">
              <div class="head">
                <h2>{t.label}</h2>
                <StatusChip status={t.status} />
              </div>
              <p>
                {shopDay(t.date, today)} · {slotWindow(t.start_time, t.end_time)}
              </p>
              <p class="muted">
                {t.stops} {t.stops === 1 ? 'stop' : 'stops'}
                {t.status === 'out' ? ` · ${t.left} left` : ''}
              </p>
              <div class="row">
                {t.status === 'planned' ? (
                  <button type="button" class="btn primary" disabled={busy !== null} onClick={() => void pickUp(t.id)}>
                    {busy === t.id ? 'Picking up…' : 'Pick up'}
                  </button>
                ) : null}
                <a
                  class="btn"
                  href={`/rider/trips/${t.id}`}
                  aria-label={`Open ${t.label}`}
                  onClick={(e) => {
                    e.preventDefault();
                    go({ name: 'trip', id: t.id });
                  }}
                >
                  Open
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Shell>
  );
}

function TripScreen(props: {
  trip: RiderTrip;
  flash: string;
  onChange: (t: RiderTrip, said: string) => void;
  expired: (e: unknown) => void;
}) {
  const { trip } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const pickUp = async () => {
    setBusy(true);
    setError('');
    try {
      props.onChange(await Api.pickUp(trip.id), 'Picked up: the orders are out for delivery.');
    } catch (e) {
      props.expired(e);
      setError(plainError(e));
    } finally {
      setBusy(false);
    }
  };
  const delivered = trip.stops_list.filter((s) => s.outcome === 'delivered').length;
  return (
    <Shell title={trip.label} back={{ name: 'trips' }}>
      <p class="sub">
        {shopDay(trip.date, shopDayOf())} · {slotWindow(trip.start_time, trip.end_time)} <StatusChip status={trip.status} />
      </p>
      {props.flash ? (
        <p class="ok" role="status">
          {props.flash}
        </p>
      ) : null}
      <Alert text={error} />
      {trip.status === 'planned' ? (
        <div class="card stack">
          <p>Pick up the parcels at the store, then tap Pick up: the customers are told their order is on its way.</p>
          <button type="button" class="btn primary" disabled={busy} onClick={() => void pickUp()}>
            {busy ? 'Picking up…' : 'Pick up'}
          </button>
        </div>
      ) : null}
      {trip.status === 'done' ? (
        <p class="notice">
          Trip done: {delivered} of {trip.stops_list.length} delivered. Addresses and phone numbers are no longer shown.
        </p>
      ) : null}
      <TripCash trip={trip} />
      <LocationShare trip={trip} />
      {trip.stops_list.length === 0 ? <p class="muted">No stops on this trip.</p> : null}
      <ol class="list">
        {trip.stops_list.map((s) => (
          <StopCard key={`${s.order_id}-${s.attempt}`} trip={trip} stop={s} />
        ))}
      </ol>
    </Shell>
  );
}

function Outcome({ stop }: { stop: RiderStop }) {
  if (stop.outcome === 'delivered') return <p class="ok">Delivered</p>;
  if (stop.outcome === 'failed') return <p class="bad">Not delivered{stop.fail_reason ? `: ${FAIL_LABELS[stop.fail_reason]}` : ''}</p>;
  return null;
}

function StopCard({ trip, stop }: { trip: RiderTrip; stop: RiderStop }) {
  const maps = mapsHref(stop, ANDROID);
  const who = firstName(stop.name);
  const canAct = trip.status === 'out' && !stop.outcome;
  const open = (name: 'deliver' | 'fail') => (e: Event) => {
    e.preventDefault();
    go({ name, id: trip.id, orderId: stop.order_id });
  };
  return (
    <li class="card stop" aria-label={`Stop ${stop.sequence}: ${stop.ordernumber}`}>
      <div class="head">
        <h2>
          <span class="seq" aria-hidden="true">
            {stop.sequence}
          </span>{' '}
          {stop.ordernumber}
          {who ? ` · ${who}` : ''}
        </h2>
        {stop.attempt > 1 ? <span class="chip">Attempt {stop.attempt}</span> : null}
      </div>
      {stop.address ? <p>{stop.address}</p> : null}
      <p>
        Pincode <b>{stop.pincode}</b>
        {stop.landmark ? ` · Near ${stop.landmark}` : ''}
      </p>
      {stop.instructions ? <p class="note">Note: {stop.instructions}</p> : null}
      {stop.outcome ? null : (
        <p>
          {stop.collect > 0 ? (
            <b class="collect">Collect {rupees(stop.collect)} (cash on delivery)</b>
          ) : (
            <span class="muted">Prepaid: collect nothing</span>
          )}
          {stop.code_required ? <span class="muted"> · needs the delivery code</span> : null}
        </p>
      )}
      <Outcome stop={stop} />
      {stop.call_url || maps ? (
        <div class="row">
          {stop.call_url ? (
            <a class="btn" href={stop.call_url}>
              Call {who || 'customer'} {stop.phone_masked ?? ''}
            </a>
          ) : null}
          {maps ? (
            <a class="btn" href={maps} target="_blank" rel="noopener noreferrer">
              Open in Maps
            </a>
          ) : null}
        </div>
      ) : null}
      {canAct ? (
        <div class="row">
          <a class="btn primary" href={`/rider/trips/${trip.id}/deliver/${stop.order_id}`} onClick={open('deliver')}>
            Delivered
          </a>
          <a class="btn danger" href={`/rider/trips/${trip.id}/fail/${stop.order_id}`} onClick={open('fail')}>
            Not delivered
          </a>
        </div>
      ) : null}
    </li>
  );
}

interface ActProps {
  trip: RiderTrip;
  stop: RiderStop;
  done: (t: RiderTrip, said: string) => void;
  expired: (e: unknown) => void;
}

function Deliver({ trip, stop, done, expired }: ActProps) {
  const cod = stop.collect > 0;
  const [code, setCode] = useState('');
  const [cash, setCash] = useState(cod ? String(stop.collect / 100) : '');
  const [upi, setUpi] = useState('');
  const [reason, setReason] = useState('');
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const cashPaise = parseRupees(cash);
  const upiPaise = parseRupees(upi);
  const short = cod && cashPaise !== null && upiPaise !== null ? shortBy(stop.collect, cashPaise, upiPaise) : 0;

  const submit = async (e: Event) => {
    e.preventDefault();
    if (stop.code_required && !/^\d{4}$/.test(code)) return setError('Enter the 4-digit delivery code the customer tells you.');
    if (cod && (cashPaise === null || upiPaise === null)) return setError('Enter the amounts in rupees, like 450 or 450.50.');
    if (cod && short > 0 && !reason.trim())
      return setError(`That is ${rupees(short)} short of ${rupees(stop.collect)}: say why under “Reason for less”.`);
    if (cod && short < 0) return setError(`That is more than the ${rupees(stop.collect)} to collect: check the amounts.`);
    setBusy(true);
    setError('');
    try {
      const next = await Api.deliver(stop.order_id, {
        ...(stop.code_required ? { code } : {}),
        cash: cod ? (cashPaise ?? 0) : 0,
        upi: cod ? (upiPaise ?? 0) : 0,
        ...(cod && short > 0 ? { short_reason: reason.trim() } : {}),
      });
      if (!photo) return done(next, `${stop.ordernumber} delivered.`);
      // delivered first (the photo is optional): a photo that does not go through does not undo it
      const sent = await import('./photo').then((m) => m.uploadPhoto(stop.order_id, photo)).catch(() => null);
      done(
        sent ?? next,
        sent ? `${stop.ordernumber} delivered, with the photo.` : `${stop.ordernumber} delivered. The photo did not upload.`,
      );
    } catch (err) {
      expired(err);
      setError(plainError(err, stop.collect));
      setBusy(false);
    }
  };
  return (
    <Shell title={`Deliver ${stop.ordernumber}`} back={{ name: 'trip', id: trip.id }}>
      <form class="card stack" onSubmit={submit} noValidate>
        <p>
          {firstName(stop.name) || 'Customer'} · {stop.pincode}
        </p>
        {stop.code_required ? (
          <>
            <label for="dcode">Delivery code (4 digits)</label>
            <input
              ref={first}
              id="dcode"
              class="digits"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              value={code}
              aria-describedby="dcode-hint"
              onInput={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
            />
            <p id="dcode-hint" class="muted">
              The customer has it by SMS or email and on their order page.
            </p>
          </>
        ) : null}
        {cod ? (
          <>
            <p class="collect">Collect {rupees(stop.collect)}</p>
            <label for="cash">Cash collected (₹)</label>
            <input
              id="cash"
              type="text"
              inputMode="decimal"
              value={cash}
              ref={stop.code_required ? undefined : first}
              onInput={(e) => setCash(e.currentTarget.value)}
            />
            <label for="upi">UPI to the shop's QR (₹)</label>
            <input id="upi" type="text" inputMode="decimal" value={upi} placeholder="0" onInput={(e) => setUpi(e.currentTarget.value)} />
            <p class={short > 0 ? 'bad' : 'muted'} aria-live="polite">
              {cashPaise === null || upiPaise === null
                ? 'Enter amounts in rupees.'
                : short > 0
                  ? `${rupees(short)} short`
                  : short < 0
                    ? `${rupees(-short)} more than the total`
                    : 'Total made'}
            </p>
            {short > 0 ? (
              <>
                <label for="reason">Reason for less</label>
                <textarea id="reason" rows={2} maxLength={300} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
              </>
            ) : null}
          </>
        ) : (
          <p class="muted">Prepaid: collect nothing.</p>
        )}
        <DoorPhoto photo={photo} onPhoto={setPhoto} />
        <Alert text={error} />
        <button class="btn primary" type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Mark delivered'}
        </button>
      </form>
    </Shell>
  );
}

function Fail({ trip, stop, done, expired }: ActProps) {
  const [reason, setReason] = useState<keyof typeof FAIL_LABELS | ''>('');
  const [next, setNext] = useState<keyof typeof FAIL_NEXT_LABELS>('reattempt');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!reason) return setError('Choose why it was not delivered.');
    setBusy(true);
    setError('');
    try {
      const t = await Api.failStop(stop.order_id, { reason, next });
      done(t, `${stop.ordernumber} not delivered: ${next === 'reattempt' ? 'it goes on a later trip' : 'bring it back to the store'}.`);
    } catch (err) {
      expired(err);
      setError(plainError(err));
      setBusy(false);
    }
  };
  return (
    <Shell title={`Not delivered ${stop.ordernumber}`} back={{ name: 'trip', id: trip.id }}>
      <form class="card stack" onSubmit={submit} noValidate>
        <fieldset>
          <legend>Why?</legend>
          {Object.entries(FAIL_LABELS).map(([value, label]) => (
            <label class="choice" key={value}>
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value as keyof typeof FAIL_LABELS)}
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>What next?</legend>
          {Object.entries(FAIL_NEXT_LABELS).map(([value, label]) => (
            <label class="choice" key={value}>
              <input
                type="radio"
                name="next"
                value={value}
                checked={next === value}
                onChange={() => setNext(value as keyof typeof FAIL_NEXT_LABELS)}
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
        <Alert text={error} />
        <button class="btn danger" type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Mark not delivered'}
        </button>
      </form>
    </Shell>
  );
}
