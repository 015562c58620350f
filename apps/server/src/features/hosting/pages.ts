import { escapeHtml } from '@folio/renderer';
import type { FastifyReply } from 'fastify';

/** Small self-contained pages for visitors of site addresses (no scripts, inline style only). */
function page(title: string, heading: string, body: string, appName: string, appUrl: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a;padding:24px;box-sizing:border-box}
main{max-width:32rem;text-align:center}h1{font-size:1.75rem;margin:0 0 .5rem}p{color:#475569;margin:.5rem 0}
a{color:#4338ca;font-weight:600}a:focus-visible{outline:3px solid #6366f1;outline-offset:2px}
</style></head><body><main><h1>${escapeHtml(heading)}</h1>${body}<p><a href="${escapeHtml(appUrl)}/">Build your own portfolio with ${escapeHtml(appName)}</a></p></main></body></html>`;
}

export interface PageContext {
  appName: string;
  appUrl: string;
}

export function notFoundPage(ctx: PageContext, address: string) {
  return page(
    'Site not found',
    'There is no site here',
    `<p>Nothing is published at <strong>${escapeHtml(address)}</strong>. Check the address, or ask its owner for the current link.</p>`,
    ctx.appName,
    ctx.appUrl,
  );
}

export function pageNotFound(ctx: PageContext, homeHref: string) {
  return page(
    'Page not found',
    'Page not found',
    `<p>This site has no such page. <a href="${escapeHtml(homeHref)}">Go to the home page</a>.</p>`,
    ctx.appName,
    ctx.appUrl,
  );
}

export function expiredPage(ctx: PageContext) {
  return page(
    'Site offline',
    'This site is offline',
    '<p>Hosting for this portfolio has expired. If it is yours, sign in and upgrade your plan to put it back online.</p>',
    ctx.appName,
    ctx.appUrl,
  );
}

export function contactResultPage(ctx: PageContext, ok: boolean, message: string, back: string) {
  return page(
    ok ? 'Message sent' : 'Message not sent',
    ok ? message : 'Your message was not sent',
    `${ok ? '<p>The owner of this site will get back to you by email.</p>' : `<p>${escapeHtml(message)}</p>`}<p><a href="${escapeHtml(back)}">Back to the site</a></p>`,
    ctx.appName,
    ctx.appUrl,
  );
}

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'; frame-ancestors 'none'";

/** Sends one of these pages with `status` (never cached, no scripts). */
export function sendPage(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('content-security-policy', PAGE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .send(body);
}
