/*
 * The publish screen's and dashboard's constants and wording, without schemas: the screens that
 * only show them never load zod (packages/core has no side effects, so a module none of whose
 * exports is used is left out of the bundle).
 */

/**
 * Days an own-domain claim waits for its DNS record. A claim reserves nothing (several sites may
 * claim one host; the first to verify wins), so this only bounds how long one TXT value is good.
 */
export const OWN_DOMAIN_CLAIM_DAYS = 7;

/**
 * How often the app re-reads a site's state while its publish job runs (the one place it polls).
 * The load bench's simulated users poll at the same rate, so the load it measures is the app's.
 */
export const SITE_POLL_MS = 1000;

/** The product's wording (product.md, Messages) for the publish screen and dashboard. */
export const publishMessages = {
  startedTitle: 'Portfolio publishing started!',
  started: "Hang tight! Your site is being published now. We'll notify you as soon as it's live.",
  publishedTitle: 'Portfolio published',
  publishError: 'Error publishing portfolio',
  domainUpdated: 'Domain updated',
  domainError: 'Error updating domain',
  customSubdomainPlan: 'Custom subdomains are available on the Pro plan and above.',
  ownDomainPlan: 'Your own domain is available on the Pro plan and above.',
  analyticsPlan: 'Visitor analytics are available on the Pro plan and above.',
  hostingExpired: 'Hosting for this site has expired. Upgrade your plan to put it back online.',
  notReady: 'Add content, choose a template and set a domain before publishing.',
  customSubdomainLapsed:
    'Custom subdomains are available on the Pro plan and above. Clear the custom subdomain to publish at your automatic address.',
  confirmRequired:
    'Changing the address of a published portfolio moves the live site to the new address; the old one redirects there for 30 days. Confirm the change to continue.',
  domainReadOnly: 'The automatic subdomain cannot be changed.',
  ownDomainInvalid: 'Enter a host name like www.example.com',
  ownDomainNotPublic:
    'Enter a public host name under a domain you registered, like www.example.com. Local and internal names (.local, .internal, .lan, …) and IP addresses cannot be used.',
  ownDomainTaken: 'This host name is already used by another site',
  ownDomainVerifiedElsewhere:
    'Another site has verified this host name first. If the domain is yours, contact support.',
  ownDomainExpired: `This host name was not verified within ${OWN_DOMAIN_CLAIM_DAYS} days and its TXT record has expired. Add the host name again to get a new record.`,
  ownDomainNotVerified:
    'The TXT record was not found yet. DNS changes can take a while to spread; try again in a few minutes.',
} as const;

/**
 * "Check this" markers still open, as the publish screen and the dashboard say it: "1 thing not
 * checked", "3 things not checked".
 */
export const uncheckedMarksText = (n: number) => `${n} ${n === 1 ? 'thing' : 'things'} not checked`;
