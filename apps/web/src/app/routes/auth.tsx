import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LoadingView } from '../../components/ui/loading';
import { LoginPage } from '../../features/auth/components/login-page';
import { RegisterPage } from '../../features/auth/components/register-page';
import { VerifyPage } from '../../features/auth/components/verify-page';
import { applySession, authApi } from '../../features/auth/session';
import { askRestockAlert } from '../../features/restock/api';
import { handleError } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { emptyCart } from '@grocer/shared/empty-cart';
import { useInit } from '../../lib/init';
import { consumeRedirect } from '../guards';
import { alertsSetHere, readPendingAction, SIGN_IN_REASONS, takePendingAction } from '../pending-action';
import { t } from '../../lib/i18n';

/** /auth/login, /auth/verify, /auth/register, /auth/logout (spec §2, full width). */
export function Login() {
  const init = useInit();
  if (init.user) return <Navigate to="/account" replace />;
  const pending = readPendingAction();
  return <LoginPage showRegister={init.navSetting.show_register} reason={pending ? SIGN_IN_REASONS[pending.kind] : undefined} />;
}

export function Verify() {
  const client = useQueryClient();
  return (
    <VerifyPage
      onSignedIn={async () => {
        await doPendingAction(client);
        return consumeRedirect();
      }}
    />
  );
}

/**
 * What the visitor was doing when they were sent to sign in (issue 39), done before the saved page
 * opens, so that page already shows it: the product saved in the Default wishlist (unless a list
 * of theirs has it already: the heart's call toggles), or the restock alert set. A refusal is
 * shown; the sign-in stands.
 */
async function doPendingAction(client: QueryClient) {
  const action = takePendingAction();
  // Subscribe has its choices still to make: the saved page opens the sheet
  if (!action || action.kind === 'subscribe') return;
  try {
    if (action.kind === 'wishlist') {
      const { wishlistApi, wishlistQuery } = await import('../../features/wishlist/api/wishlist');
      const { WishlistCategories } = await client.fetchQuery(wishlistQuery);
      if (!WishlistCategories.some((l) => l.products.some((p) => p.product_id === action.product_id))) {
        await wishlistApi.toggle(action.product_id, null);
        await client.invalidateQueries({ queryKey: wishlistQuery.queryKey });
      }
      toast.success(t('{name} is saved in your wishlist', { name: action.name }));
    } else {
      await askRestockAlert(action);
      alertsSetHere.add(action.pack_id);
      toast.success(t("We'll email you when {name} is back in stock", { name: action.name }));
    }
  } catch (e) {
    handleError(e);
  }
}

export function Register() {
  const init = useInit();
  if (init.user) return <Navigate to="/account" replace />;
  // show_register off (spec §3): sign-up is closed (the server refuses it too)
  if (!init.navSetting.show_register) return <Navigate to="/auth/login" replace />;
  return <RegisterPage />;
}

/** Calls the server, clears the user (and their cart) and lands on home. */
export function Logout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    authApi
      .logout()
      .catch(handleError)
      .finally(async () => {
        await applySession(client, null, emptyCart());
        if (live) navigate('/', { replace: true });
      });
    return () => {
      live = false;
    };
  }, [client, navigate]);
  return <LoadingView />;
}
