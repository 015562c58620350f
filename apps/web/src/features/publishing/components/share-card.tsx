import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Check, Copy, Mail, Share2 } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { getErrorMessage } from '../../../lib/error-message.ts';
import { shareLinks } from '../utils/share-links.ts';

/** The QR code and its encoder load on first sight of this card, not with the publish page. */
const ShareQr = lazy(async () => ({ default: (await import('./share-qr.tsx')).ShareQr }));

const COPIED_MS = 2000;

/**
 * Copies with the asynchronous clipboard API; where it is missing or refused (an address that is
 * not a secure context, an old browser), selects the field and uses the old copy command.
 */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  if (window.isSecureContext && navigator.clipboard) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // fall back below
    }
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/** LinkedIn's and X's marks, drawn simply (lucide has no brand icons). */
function LinkedInMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden>
      <rect width="24" height="24" rx="4" fill="#0a66c2" />
      <path
        fill="#fff"
        d="M5.5 9.5h3v9h-3zM7 5a1.75 1.75 0 1 1 0 3.5A1.75 1.75 0 0 1 7 5m3.5 4.5h2.9v1.3c.4-.8 1.4-1.5 2.9-1.5 3 0 3.6 1.9 3.6 4.4v4.8h-3v-4.2c0-1 0-2.3-1.4-2.3s-1.6 1.1-1.6 2.2v4.3h-3z"
      />
    </svg>
  );
}

function XMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden>
      <path
        fill="currentColor"
        d="M17.8 3h3l-6.6 7.6L22 21h-6.1l-4.8-6.2L5.6 21h-3l7.1-8.1L2.2 3h6.2l4.3 5.7zm-1.1 16.2h1.7L7.4 4.7H5.6z"
      />
    </svg>
  );
}

/**
 * Share step, on the publish page whenever the site is live: the address with Copy link, the
 * networks' share pages, the phone's share sheet where there is one, and a QR code.
 */
export function ShareCard({
  url,
  label,
  personName,
  justPublished,
}: {
  url: string;
  /** The site's label, for the QR files' names. */
  label: string | null;
  personName: string | null;
  /** Live since this page was opened: the card greets and scrolls into view once. */
  justPublished: boolean;
}) {
  const field = useRef<HTMLInputElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const links = shareLinks(url, personName);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const display = url.replace(/^https?:\/\//, '').replace(/\/$/, '');

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  useEffect(() => {
    if (justPublished) card.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [justPublished]);

  const onCopy = async () => setCopy((await copyText(url, field.current)) ? 'copied' : 'failed');

  const onShare = async () => {
    try {
      await navigator.share({ title: links.title, text: links.title, url });
    } catch (err) {
      // Closing the share sheet is not an error.
      if (err instanceof DOMException && err.name === 'AbortError') return;
      toast({
        title: 'Could not share',
        description: getErrorMessage(err),
        variant: 'destructive',
      });
    }
  };

  const linkButton = buttonClasses('outline', 'md', 'justify-start sm:justify-center');

  return (
    <div ref={card} className="scroll-mt-20">
      <Card className="grid gap-6 p-6 lg:grid-cols-2" data-testid="share-card">
        <section aria-labelledby="share-heading" className="grid content-start gap-5">
          <div>
            <h2
              id="share-heading"
              className="flex items-center gap-2 text-lg font-semibold text-slate-900"
            >
              <Share2 className="size-5 text-brand-600" aria-hidden />
              {justPublished ? 'Your portfolio is live: share it' : 'Share your portfolio'}
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Send the link, post it, or print the QR code.
            </p>
          </div>
          <div className="grid gap-2">
            <label htmlFor="share-url" className="text-sm font-medium text-slate-700">
              Your site&apos;s link
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id="share-url"
                ref={field}
                readOnly
                value={url}
                onFocus={(e) => e.currentTarget.select()}
                aria-describedby={copy === 'failed' ? 'share-copy-help' : undefined}
                title={display}
              />
              <Button onClick={() => void onCopy()} className="sm:w-32" data-testid="copy-link">
                {copy === 'copied' ? (
                  <Check className="size-4" aria-hidden />
                ) : (
                  <Copy className="size-4" aria-hidden />
                )}
                {copy === 'copied' ? 'Copied' : 'Copy link'}
              </Button>
            </div>
            <p role="status" className={copy === 'failed' ? 'text-sm text-amber-800' : 'sr-only'}>
              {copy === 'copied' ? (
                'Link copied to the clipboard.'
              ) : copy === 'failed' ? (
                <span id="share-copy-help">
                  Your browser did not let us copy. The link is selected: press Ctrl+C (⌘C on a
                  Mac).
                </span>
              ) : null}
            </p>
          </div>
          <div
            className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap"
            role="group"
            aria-label="Share on"
          >
            <a
              href={links.linkedin}
              target="_blank"
              rel="noopener noreferrer"
              className={linkButton}
            >
              <LinkedInMark />
              LinkedIn
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <a href={links.x} target="_blank" rel="noopener noreferrer" className={linkButton}>
              <XMark />X<span className="sr-only">(opens in a new tab)</span>
            </a>
            <a href={links.email} className={linkButton}>
              <Mail className="size-4" aria-hidden />
              E-mail
            </a>
            {canShare ? (
              <Button variant="outline" onClick={() => void onShare()} className="justify-start">
                <Share2 className="size-4" aria-hidden />
                Share via…
              </Button>
            ) : null}
          </div>
        </section>
        <section aria-label="QR code" className="lg:border-l lg:border-slate-200 lg:pl-6">
          <Suspense
            fallback={
              <div
                className="size-44 animate-pulse rounded-lg bg-slate-100"
                aria-label="Loading the QR code"
                role="img"
              />
            }
          >
            <ShareQr url={url} label={label} />
          </Suspense>
        </section>
      </Card>
    </div>
  );
}
