/**
 * The customer a sales agent is shopping for (issue 17), kept for the tab: the sales dashboard
 * sets it ("Shop for"), checkout reads it and orders for them. The server checks every time that
 * the customer is the agent's; this only remembers the choice.
 */
export interface ActingFor {
  id: number;
  name: string;
}

const KEY = 'actingFor';

export function getActingFor(): ActingFor | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as ActingFor | null;
    return v && typeof v.id === 'number' && typeof v.name === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function setActingFor(v: ActingFor | null): void {
  try {
    if (v) sessionStorage.setItem(KEY, JSON.stringify(v));
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage refused (private mode): the choice lasts only while the page is open
  }
}
