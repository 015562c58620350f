import { createContext, useContext } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AuthResponse, LoginInput, RegisterInput, RegisterResponse, User } from '@folio/core';

export type AuthStatus = 'loading' | 'signedOut' | 'signedIn';

export interface AuthContextValue {
  status: AuthStatus;
  /** null while loading or signed out. */
  user: User | null;
  isLoading: boolean;
  loginMutation: UseMutationResult<AuthResponse, Error, LoginInput>;
  registerMutation: UseMutationResult<RegisterResponse, Error, RegisterInput>;
  googleLoginMutation: UseMutationResult<AuthResponse, Error, string>;
  logoutMutation: UseMutationResult<void, Error, void>;
  resendVerification: (usernameOrEmail: string) => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** The one auth context (product.md, States; Messages). */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/** The title of every toast saying a Google sign-in did not happen (the reason goes below it). */
export const GOOGLE_SIGN_IN_FAILED = 'Google sign-in failed';
