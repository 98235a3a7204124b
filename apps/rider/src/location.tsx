/**
 * Sharing the phone's position while a trip is out (issue 45 §5), when the shop allows it. Only
 * after the rider taps Share, only for a trip that is out, with "Sharing location" showing at the
 * top of every screen and a Stop button; it stops by itself when the trip ends (the server answers
 * 404) and when the app closes. The server keeps only the latest position, and drops it when the
 * trip ends; the shopper sees a distance, never a map.
 */
import type { RiderTrip } from '@grocer/shared/delivery-trips';
import { ApiError } from '@grocer/shared/api-client';
import { useEffect, useState } from 'preact/hooks';
import * as Api from './api';
import { shouldSend, type Fix } from './position';

interface Sharing {
  tripId: number;
  watch: number;
  last: Fix | null;
  error: string;
}

// One watch for the whole app (at most one trip is shared), so moving between screens keeps it.
let sharing: Sharing | null = null;
/** the phone refused the location permission (said once, until the rider tries again) */
let denied = false;
const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};

function useSharing(): Sharing | null {
  const [, tick] = useState(0);
  useEffect(() => {
    const l = () => tick((n) => n + 1);
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  return sharing;
}

export function stopSharing(tell = true) {
  if (!sharing) return;
  const { tripId, watch } = sharing;
  navigator.geolocation?.clearWatch(watch);
  sharing = null;
  changed();
  if (tell) void Api.stopSharing(tripId).catch(() => undefined);
}

function startSharing(tripId: number) {
  if (sharing?.tripId === tripId) return;
  stopSharing();
  if (!('geolocation' in navigator)) return;
  const s: Sharing = { tripId, watch: -1, last: null, error: '' };
  sharing = s;
  s.watch = navigator.geolocation.watchPosition(
    (p) => {
      const fix: Fix = { lat: p.coords.latitude, lng: p.coords.longitude, at: Date.now() };
      if (sharing !== s || !shouldSend(s.last, fix)) return;
      s.last = fix;
      s.error = '';
      changed();
      Api.sharePosition(tripId, { lat: fix.lat, lng: fix.lng, accuracy: p.coords.accuracy }).catch((e: unknown) => {
        // the trip ended, or the shop turned sharing off: nothing more to send
        if (e instanceof ApiError && (e.status === 404 || e.status === 403)) stopSharing(false);
      });
    },
    (e) => {
      if (sharing !== s) return;
      if (e.code === e.PERMISSION_DENIED) {
        stopSharing(false);
        denied = true;
      } else s.error = 'Waiting for the phone’s location…';
      changed();
    },
    { enableHighAccuracy: true, maximumAge: 15_000, timeout: 60_000 },
  );
  changed();
}

/** At the top of every screen while the phone's position is being shared. */
export function SharingBar() {
  const s = useSharing();
  if (!s) return null;
  return (
    <div class="sharing" role="status">
      <span class="dot" aria-hidden="true" />
      <span>Sharing location{s.error ? ` · ${s.error}` : ''}</span>
      <button type="button" class="btn small" onClick={() => stopSharing()}>
        Stop
      </button>
    </div>
  );
}

/** On a trip's screen: offers to share while the trip is out and the shop allows it. */
export function LocationShare({ trip }: { trip: RiderTrip }) {
  const s = useSharing();
  const [allowed, setAllowed] = useState(false);
  const out = trip.status === 'out';
  useEffect(() => {
    if (!out) {
      if (sharing?.tripId === trip.id) stopSharing(false);
      return;
    }
    let live = true;
    Api.position(trip.id)
      .then((p) => live && setAllowed(p.allowed))
      .catch(() => live && setAllowed(false));
    return () => {
      live = false;
    };
  }, [trip.id, out]);
  if (!out || !allowed || !('geolocation' in navigator)) return null;
  if (s?.tripId === trip.id) return null;
  return (
    <div class="card stack">
      <p>Let your customers see how far away you are while this trip is out. Only your latest position is kept, until the trip ends.</p>
      {denied ? <p class="error">Location is blocked for this app: allow it in the browser’s site settings, then tap again.</p> : null}
      <button
        type="button"
        class="btn"
        onClick={() => {
          denied = false;
          startSharing(trip.id);
        }}
      >
        Share my location
      </button>
    </div>
  );
}
