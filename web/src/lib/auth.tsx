import type { LoginResponse, User } from '@studio/contracts/auth';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { onTokenExpired } from './auth-events';
import { endSession, fetchProfile, forgetSession, storeLogin, tokenRefresher } from './session';
import { getAccessToken } from './token-storage';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface AuthContextValue {
  user: User | null;
  status: AuthStatus;
  /** Stores the tokens of a successful login, loads the profile and starts the refresher. */
  completeLogin: (result: LoginResponse, rememberMe: boolean) => Promise<User>;
  /** Reloads the profile (after an update, a payment...). */
  reloadUser: () => Promise<User | null>;
  setUser: (user: User) => void;
  logout: () => Promise<void>;
  /** The account was deleted: its session is gone on the server, so it is only forgotten here. */
  accountDeleted: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUserState] = useState<User | null>(null);
  const [status, setStatus] = useState<AuthStatus>(() => (getAccessToken() ? 'loading' : 'unauthenticated'));

  const setUser = useCallback((next: User) => {
    setUserState(next);
    setStatus('authenticated');
  }, []);

  const forget = useCallback(() => {
    tokenRefresher.stop();
    setUserState(null);
    setStatus('unauthenticated');
  }, []);

  const reloadUser = useCallback(async () => {
    if (!getAccessToken()) {
      forget();
      return null;
    }
    try {
      const loaded = await fetchProfile();
      setUser(loaded);
      tokenRefresher.start();
      return loaded;
    } catch {
      // A failed profile load clears the user and stops refresh, without redirecting (§4).
      forget();
      return null;
    }
  }, [forget, setUser]);

  useEffect(() => {
    // A stored session: load its profile once at start.
    if (getAccessToken()) {
      fetchProfile().then(
        (loaded) => {
          setUser(loaded);
          tokenRefresher.start();
        },
        () => forget(),
      );
    }
    return onTokenExpired(() => forget());
  }, [setUser, forget]);

  const completeLogin = useCallback(
    async (result: LoginResponse, rememberMe: boolean) => {
      storeLogin(result, rememberMe);
      setUser(result.user);
      const loaded = (await reloadUser()) ?? result.user;
      return loaded;
    },
    [reloadUser, setUser],
  );

  const logout = useCallback(async () => {
    await endSession(user?.provider);
    forget();
  }, [forget, user?.provider]);

  const accountDeleted = useCallback(() => {
    forgetSession();
    forget();
  }, [forget]);

  const value = useMemo(
    () => ({ user, status, completeLogin, reloadUser, setUser, logout, accountDeleted }),
    [user, status, completeLogin, reloadUser, setUser, logout, accountDeleted],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}
