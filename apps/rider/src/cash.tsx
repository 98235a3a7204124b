import type { RiderTrip } from '@grocer/shared/delivery-trips';
import { useEffect, useState } from 'preact/hooks';
import { rupees } from './lib';

/**
 * A trip's money (issue 45 item 4): while out, what was collected so far; once done, "Cash to hand
 * over ₹X" until a cashier counts it (the UPI paid to the shop's QR is not handed over), then the
 * count and any difference.
 */
export function TripCash({ trip }: { trip: RiderTrip }) {
  const c = trip.cash;
  if (!c || trip.status === 'planned' || c.cash + c.upi === 0) return null;
  const upi = c.upi > 0 ? <p class="muted">UPI {rupees(c.upi)} went to the shop's QR: nothing to hand over for it.</p> : null;
  if (trip.status === 'out')
    return (
      <p class="muted">
        Collected so far: {rupees(c.cash)} cash{c.upi > 0 ? ` · ${rupees(c.upi)} UPI` : ''}
      </p>
    );
  if (c.handover) {
    const d = c.handover.difference;
    return (
      <div class="card cash handed" role="status">
        <h2>Cash handed over</h2>
        <p>
          The shop counted {rupees(c.handover.counted)} of {rupees(c.cash)}
          {d === 0 ? ': all there.' : d < 0 ? `: ${rupees(-d)} short.` : `: ${rupees(d)} over.`}
        </p>
        {upi}
      </div>
    );
  }
  if (c.cash === 0) return <div class="card cash">{upi}</div>;
  return (
    <div class="card cash due">
      <h2>Cash to hand over {rupees(c.cash)}</h2>
      <p>Give it to the cashier at the store. They count it and record it; this screen shows their count.</p>
      {upi}
    </div>
  );
}

/** The Delivered step's optional photo: the phone's back camera, a preview, and Remove. */
export function DoorPhoto({ photo, onPhoto }: { photo: Blob | null; onPhoto: (b: Blob | null) => void }) {
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    setBusy(true);
    const { downscale } = await import('./photo');
    onPhoto(await downscale(file));
    setBusy(false);
  };
  return (
    <div class="stack photo">
      <label for="door-photo">Photo at the door (optional)</label>
      <input
        id="door-photo"
        type="file"
        accept="image/*"
        capture="environment"
        aria-describedby="door-photo-hint"
        onChange={(e) => void pick(e.currentTarget)}
      />
      <p id="door-photo-hint" class="muted">
        {busy ? 'Preparing the photo…' : 'Of the parcel at the door, if the shop asks for one. Only the shop sees it.'}
      </p>
      {preview ? (
        <div class="row">
          <img src={preview} alt="The photo to send" class="thumb" />
          <button type="button" class="btn small" onClick={() => onPhoto(null)}>
            Remove photo
          </button>
        </div>
      ) : null}
    </div>
  );
}
