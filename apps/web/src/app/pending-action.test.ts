import { beforeEach, describe, expect, it } from 'vitest';
import { consumeRedirect } from './guards';
import { keepForSignIn, readPendingAction, takePendingAction } from './pending-action';

beforeEach(() => sessionStorage.clear());

describe('what a signed-out visitor was doing (issue 39)', () => {
  it('is kept with the page to come back to, read as often as asked, and taken once', () => {
    keepForSignIn({ kind: 'wishlist', product_id: 7, name: 'Toor Dal' }, '/products?q=dal');
    expect(readPendingAction()).toEqual({ kind: 'wishlist', product_id: 7, name: 'Toor Dal' });
    expect(readPendingAction()).not.toBeNull();
    expect(takePendingAction()).toEqual({ kind: 'wishlist', product_id: 7, name: 'Toor Dal' });
    expect(takePendingAction()).toBeNull();
    expect(consumeRedirect()).toBe('/products?q=dal');
  });

  it('is nothing when what is kept is not an action', () => {
    sessionStorage.setItem('pendingAction', '{not json');
    expect(readPendingAction()).toBeNull();
    sessionStorage.setItem('pendingAction', JSON.stringify({ kind: 'delete-account' }));
    expect(takePendingAction()).toBeNull();
  });
});
