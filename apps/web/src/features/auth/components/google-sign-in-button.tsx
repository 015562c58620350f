import { useEffect, useRef } from 'react';
import { toast } from '../../../hooks/use-toast.ts';
import { GOOGLE_SIGN_IN_FAILED, useAuth } from '../hooks/use-auth.ts';

interface GoogleCredentialResponse {
  credential?: string;
}

interface GoogleIdentity {
  accounts: {
    id: {
      initialize: (options: {
        client_id: string;
        callback: (response: GoogleCredentialResponse) => void;
      }) => void;
      renderButton: (element: HTMLElement, options: Record<string, unknown>) => void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

const GSI_SRC = 'https://accounts.google.com/gsi/client';
let gsiPromise: Promise<GoogleIdentity> | null = null;

/** Loads Google Identity Services once (only when a client id is configured). */
function loadGoogleIdentity(): Promise<GoogleIdentity> {
  if (window.google) return Promise.resolve(window.google);
  gsiPromise ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('No GSI')));
    script.onerror = () => {
      gsiPromise = null;
      reject(new Error('Could not load Google sign-in'));
    };
    document.head.appendChild(script);
  });
  return gsiPromise;
}

/** Google's own button; rendered only when the server has a Google client id. */
export function GoogleSignInButton({ clientId, text }: { clientId: string; text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { googleLoginMutation } = useAuth();
  const { mutate } = googleLoginMutation;

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !ref.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) => {
            if (response.credential) mutate(response.credential);
            else toast({ title: GOOGLE_SIGN_IN_FAILED, variant: 'destructive' });
          },
        });
        google.accounts.id.renderButton(ref.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'pill',
          text,
          width: Math.min(ref.current.offsetWidth || 320, 400),
        });
      })
      .catch(() => {
        if (!cancelled) toast({ title: GOOGLE_SIGN_IN_FAILED, variant: 'destructive' });
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, text, mutate]);

  return (
    <div ref={ref} className="flex min-h-11 w-full justify-center" data-testid="google-button" />
  );
}
