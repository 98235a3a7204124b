import { describe, expect, it } from 'vitest';
import { messageChoicesBodySchema, reachable, whatsappCommand } from './message-choices';

describe('whatsappCommand', () => {
  it('reads STOP in every form the brief names, in any case and spacing', () => {
    for (const t of ['STOP', 'stop', '  Stop  ', 'STOP ALL', 'stop   all', 'Unsubscribe', 'रोकें', ' ನಿಲ್ಲಿಸಿ ', 'stop.'])
      expect(whatsappCommand(t)).toBe('stop');
    for (const t of ['START', 'start', ' Start! ']) expect(whatsappCommand(t)).toBe('start');
  });
  it('leaves every other text alone', () => {
    for (const t of ['', 'stop sending me offers please', 'where is my order?', 'STOPP', 'restart']) expect(whatsappCommand(t)).toBeNull();
  });
});

describe('choices', () => {
  it('a kind keeps a channel only among those that reach the shopper', () => {
    expect(reachable({ whatsapp: false, sms: true, email: false }, ['sms'])).toBe(true);
    expect(reachable({ whatsapp: false, sms: false, email: true }, ['whatsapp', 'sms'])).toBe(false);
  });
  it('takes each kind once, and only known kinds', () => {
    const c = { kind: 'orders', whatsapp: true, sms: true, email: false };
    expect(messageChoicesBodySchema.safeParse({ choices: [c] }).success).toBe(true);
    expect(messageChoicesBodySchema.safeParse({ choices: [c, c] }).success).toBe(false);
    expect(messageChoicesBodySchema.safeParse({ choices: [{ ...c, kind: 'codes' }] }).success).toBe(false);
    expect(messageChoicesBodySchema.safeParse({ choices: [] }).success).toBe(false);
  });
});
