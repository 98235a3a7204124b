import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LoadingView } from '../../components/ui/loading';
import { LoginPage } from '../../features/auth/components/login-page';
import { RegisterPage } from '../../features/auth/components/register-page';
import { VerifyPage } from '../../features/auth/components/verify-page';
import { applySession, authApi } from '../../features/auth/session';
import { handleError } from '../../lib/errors';
import { emptyCart } from '@grocer/shared/empty-cart';
import { useInit } from '../../lib/init';
import { consumeRedirect } from '../guards';

/** /auth/login, /auth/verify, /auth/register, /auth/logout (spec §2, full width). */
export function Login() {
  const init = useInit();
  if (init.user) return <Navigate to="/account" replace />;
  return <LoginPage showRegister={init.navSetting.show_register} />;
}

export function Verify() {
  return <VerifyPage onSignedIn={consumeRedirect} />;
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
