import { useCallback, useMemo, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AuthResponse, LoginInput, RegisterInput, RegisterResponse, User } from '@folio/core';
import { ApiError } from '../../../lib/api-client.ts';
import { getErrorMessage } from '../../../lib/error-message.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { clearUserStorage, setToken } from '../../../lib/token-storage.ts';
import { toast } from '../../../hooks/use-toast.ts';
import * as authApi from '../api/auth-api.ts';
import {
  AuthContext,
  GOOGLE_SIGN_IN_FAILED,
  type AuthContextValue,
  type AuthStatus,
} from '../hooks/use-auth.ts';
import { isNewAccount } from '../utils/new-account.ts';

const userKey = queryKeys.user[0];

/** Drops every cached query except the current-user one (which is then set explicitly). */
function clearCachedData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userKey });
}

function signIn(queryClient: QueryClient, token: string, user: User): void {
  setToken(token);
  clearCachedData(queryClient);
  queryClient.setQueryData<User | null>(queryKeys.user, user);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const userQuery = useQuery<User | null>({
    queryKey: queryKeys.user,
    queryFn: authApi.fetchCurrentUser,
  });

  const resendVerification = useCallback(async (usernameOrEmail: string) => {
    try {
      await authApi.resendVerification(usernameOrEmail);
      toast({
        title: 'Verification email sent!',
        description: 'Please check your inbox.',
        variant: 'success',
      });
    } catch (err) {
      toast({
        title: 'Failed to resend verification email',
        description: getErrorMessage(err),
        variant: 'destructive',
      });
    }
  }, []);

  const loginMutation = useMutation<AuthResponse, Error, LoginInput>({
    mutationFn: authApi.login,
    onSuccess: ({ token, user }) => {
      signIn(queryClient, token, user);
      toast({
        // A first sign-in (after "Registration successful!": verify, then log in) is no return.
        title: isNewAccount(user) ? 'Login successful!' : 'Welcome back!',
        description: "You've successfully logged in.",
        variant: 'success',
      });
    },
    onError: (err, input) => {
      const message = getErrorMessage(err);
      if (message.includes('Email not verified') || err.message.includes('Email not verified')) {
        toast({
          title: 'Email not verified',
          description: 'Please verify your email to continue.',
          duration: 10_000,
          action: {
            label: 'Resend Email',
            onClick: () => void resendVerification(input.username),
          },
        });
        return;
      }
      toast({ title: 'Login failed', description: message, variant: 'destructive' });
    },
  });

  const registerMutation = useMutation<RegisterResponse, Error, RegisterInput>({
    mutationFn: authApi.register,
    onSuccess: ({ token, user, verificationRequired }) => {
      if (token) {
        signIn(queryClient, token, user);
        toast({
          title: 'Account created!',
          description: 'Your account has been successfully created.',
          variant: 'success',
        });
        return;
      }
      if (verificationRequired) {
        toast({
          title: 'Registration successful!',
          description: 'Please verify your email, then log in.',
          variant: 'success',
        });
      }
    },
    onError: (err) => {
      toast({
        title: 'Registration failed',
        description: getErrorMessage(err),
        variant: 'destructive',
      });
    },
  });

  const googleLoginMutation = useMutation<AuthResponse, Error, string>({
    mutationFn: async (credential) => {
      try {
        return await authApi.googleLogin(credential);
      } catch (err) {
        // The toast's title says it failed; its description is only the reason (the server's
        // reasons start with "Google login failed: ", which would say it twice).
        const reason = getErrorMessage(err).replace(/^Google login failed:\s*/i, '');
        throw new Error(reason.charAt(0).toUpperCase() + reason.slice(1), { cause: err });
      }
    },
    onSuccess: ({ token, user }) => {
      signIn(queryClient, token, user);
      toast({
        title: 'Google login successful!',
        description: "You're now signed in.",
        variant: 'success',
      });
    },
    onError: (err) => {
      toast({ title: GOOGLE_SIGN_IN_FAILED, description: err.message, variant: 'destructive' });
    },
  });

  const logoutMutation = useMutation<void, Error, void>({
    mutationFn: async () => {
      try {
        await authApi.logout();
      } catch (err) {
        // An expired session is already logged out on the server: finish locally.
        if (!(err instanceof ApiError && err.status === 401)) throw err;
      }
    },
    onSuccess: () => {
      clearUserStorage();
      queryClient.setQueryData<User | null>(queryKeys.user, null);
      clearCachedData(queryClient);
      toast({ title: 'Logged out', description: "You've been successfully logged out." });
    },
    onError: (err) => {
      toast({ title: 'Logout failed', description: getErrorMessage(err), variant: 'destructive' });
    },
  });

  const user = userQuery.data ?? null;
  const status: AuthStatus = userQuery.isPending ? 'loading' : user ? 'signedIn' : 'signedOut';

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      isLoading: status === 'loading',
      loginMutation,
      registerMutation,
      googleLoginMutation,
      logoutMutation,
      resendVerification,
    }),
    [
      status,
      user,
      loginMutation,
      registerMutation,
      googleLoginMutation,
      logoutMutation,
      resendVerification,
    ],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
