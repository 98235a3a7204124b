import { describe, expect, it } from 'vitest';
import { fitWithin, PHOTO_SIDE } from './photo';

describe('the photo at the door, scaled on the phone', () => {
  it('keeps the longest side within PHOTO_SIDE, the shape kept, never scaled up', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: PHOTO_SIDE, height: 960 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 960, height: PHOTO_SIDE });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(0, 0)).toEqual({ width: 1, height: 1 });
  });
});
