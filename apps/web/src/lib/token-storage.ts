/** The session token lives in local storage under `jwt` (product.md, API). */
export const TOKEN_KEY = 'jwt';

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
}

/**
 * Keys of this browser's storage that hold the signed-in user's data start with this (the editor's
 * unsaved drafts, `folio:draft:{id}`); logging out removes them all, with the token.
 */
export const USER_DATA_PREFIX = 'folio:';

/** Logging out: the token and everything stored for the user (drafts), in local and session storage. */
export function clearUserStorage(): void {
  clearToken();
  for (const storage of [window.localStorage, window.sessionStorage]) {
    try {
      const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
      for (const key of keys) if (key?.startsWith(USER_DATA_PREFIX)) storage.removeItem(key);
    } catch {
      // Storage unavailable (private mode): nothing to clear.
    }
  }
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage unavailable (private mode): nothing to clear.
  }
}
