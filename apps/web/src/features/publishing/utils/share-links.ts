/**
 * Where "Share" sends a site's address: the networks' own share pages (opened in a new tab, no
 * script of theirs on our page) and an e-mail draft.
 */
export interface ShareLinks {
  /** The title and text a share carries. */
  title: string;
  linkedin: string;
  x: string;
  email: string;
}

export function shareLinks(url: string, personName: string | null): ShareLinks {
  const text = personName ? `${personName}: my portfolio` : 'My portfolio';
  const u = encodeURIComponent(url);
  return {
    title: text,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    x: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(text)}`,
    email:
      `mailto:?subject=${encodeURIComponent(text)}` +
      `&body=${encodeURIComponent(`Here is my portfolio: ${url}`)}`,
  };
}
