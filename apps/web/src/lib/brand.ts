/**
 * The product's name, the domain its sites live under and the support address come from the
 * server's settings (APP_NAME, SITES_DOMAIN, SUPPORT_EMAIL; product.md, Addresses), never from the code. The HTML the
 * server sends (the app shell and every prerendered page) carries them in meta tags, written
 * at build time as the placeholders below and swapped by the server for its settings, together
 * with every other occurrence of the placeholders in prerendered text. The app reads the tags
 * once, so what it renders matches the prerendered HTML it hydrates.
 */
export interface Brand {
  appName: string;
  sitesDomain: string;
  /** SUPPORT_EMAIL: shown in the footer, on the contact page and in the pricing FAQ. */
  supportEmail: string;
}

/** What prerendering writes; the server replaces each everywhere in the HTML it serves. */
export const brandPlaceholders: Brand = {
  appName: 'FOLIO_APP_NAME',
  sitesDomain: 'folio-sites-domain.invalid',
  supportEmail: 'support@folio-support-email.invalid',
};

/** The server's defaults, for a page served without the swap (the Vite dev server). */
const defaults: Brand = {
  appName: 'Folio',
  sitesDomain: 'folio.localhost',
  supportEmail: 'support@folio.localhost',
};

function fromDocument(): Brand {
  const read = (name: string, placeholder: string, fallback: string) => {
    const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
    return value && value !== placeholder ? value : fallback;
  };
  return {
    appName: read('application-name', brandPlaceholders.appName, defaults.appName),
    sitesDomain: read('folio:sites-domain', brandPlaceholders.sitesDomain, defaults.sitesDomain),
    supportEmail: read(
      'folio:support-email',
      brandPlaceholders.supportEmail,
      defaults.supportEmail,
    ),
  };
}

let cached: Brand | null = null;

/** The app name and sites domain: the placeholders while prerendering, the server's in a browser. */
export function brand(): Brand {
  if (typeof document === 'undefined') return brandPlaceholders;
  cached ??= fromDocument();
  return cached;
}
