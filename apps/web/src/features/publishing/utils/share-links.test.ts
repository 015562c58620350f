import { describe, expect, it } from 'vitest';
import { shareLinks } from './share-links.ts';

describe('share links', () => {
  const url = 'https://jane-doe.folio.example/?a=1&b=2';
  const links = shareLinks(url, 'Jane Doe');

  it('carry the encoded address to each network', () => {
    const linkedin = new URL(links.linkedin);
    expect(linkedin.origin + linkedin.pathname).toBe(
      'https://www.linkedin.com/sharing/share-offsite/',
    );
    expect(linkedin.searchParams.get('url')).toBe(url);
    const x = new URL(links.x);
    expect(x.origin + x.pathname).toBe('https://twitter.com/intent/tweet');
    expect(x.searchParams.get('url')).toBe(url);
    expect(x.searchParams.get('text')).toBe('Jane Doe: my portfolio');
    // The address's own & and ? do not leak into the share page's query.
    expect([...x.searchParams.keys()]).toEqual(['url', 'text']);
  });

  it('drafts an e-mail with a subject and the address in the body', () => {
    expect(links.email.startsWith('mailto:?')).toBe(true);
    const q = new URLSearchParams(links.email.slice('mailto:?'.length));
    expect(q.get('subject')).toBe('Jane Doe: my portfolio');
    expect(q.get('body')).toBe(`Here is my portfolio: ${url}`);
    expect(links.email).not.toContain('+');
  });

  it('works without a name', () => {
    expect(shareLinks(url, null).title).toBe('My portfolio');
  });
});
