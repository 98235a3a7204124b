import { describe, expect, it } from 'vitest';
import { shouldSend } from './position';

describe('sending the rider’s position', () => {
  const at = { lat: 12.9716, lng: 77.5946, at: 1_000_000 };
  it('sends the first fix, then one per half minute or per 100 m moved', () => {
    expect(shouldSend(null, at)).toBe(true);
    expect(shouldSend(at, { ...at, at: at.at + 5_000 })).toBe(false);
    expect(shouldSend(at, { ...at, lat: at.lat + 0.0005, at: at.at + 5_000 })).toBe(false); // ~55 m
    expect(shouldSend(at, { ...at, lat: at.lat + 0.001, at: at.at + 5_000 })).toBe(true); // ~111 m
    expect(shouldSend(at, { ...at, at: at.at + 30_000 })).toBe(true);
  });
});
