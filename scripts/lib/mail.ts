/** The first link with a token in a raw (quoted-printable) mail message, or null. */
export function tokenLinkIn(raw: string): string | null {
  const decoded = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return /https?:\/\/\S+token=[\w-]+/.exec(decoded)?.[0] ?? null;
}
