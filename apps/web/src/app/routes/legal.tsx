import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { plans } from '@folio/core';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { usePageMeta } from '../../hooks/use-page-meta.ts';
import { brand } from '../../lib/brand.ts';

/** Terms last updated April 27, 2025. */
const LAST_UPDATED = 'April 27, 2025';

function LegalLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  usePageMeta({ title, description });
  return (
    <>
      <PageHero eyebrow="Legal" title={title} description={`Last updated ${LAST_UPDATED}`} />
      <article className="mx-auto grid max-w-3xl gap-5 px-4 py-16 leading-7 text-slate-700 sm:px-6 lg:px-8 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:mt-1.5 [&_ul]:list-disc [&_ul]:pl-6">
        {children}
      </article>
    </>
  );
}

const hosting = (months: number | null) =>
  months === null ? 'without a time limit' : `for ${months} months`;

export function TermsPage() {
  const { appName } = brand();
  return (
    <LegalLayout
      title="Terms and Conditions"
      description={`The terms for using ${appName}: accounts, plans and payments, the 7-day money-back guarantee, your content and acceptable use.`}
    >
      <p>
        These terms govern your use of {appName}, the service that turns your resume into a
        portfolio website. By creating an account you agree to them. If you do not agree, please do
        not use the service.
      </p>
      <h2>1. Who can use {appName}</h2>
      <p>
        You must be at least 13 years old to create an account. If you are under the age of majority
        where you live, a parent or guardian must agree to these terms on your behalf. You are
        responsible for keeping your password safe and for everything done with your account.
      </p>
      <h2>2. Plans</h2>
      <p>{appName} offers the following plans. The pricing page always shows the current prices.</p>
      <ul>
        <li>
          <strong>{plans.free.name}</strong>: {plans.free.maxPortfolios} portfolio,{' '}
          {plans.free.resumeCredits} resume parsing credits at sign-up, the free templates and
          hosting {hosting(plans.free.hostingMonths)} after your first publish. No credit card
          needed.
        </li>
        <li>
          <strong>{plans.pro.name}</strong>: a month or a year paid in advance, which does not renew
          by itself, with up to {plans.pro.maxPortfolios} portfolios, all templates, credits
          refilled every month, a custom subdomain and your own domain. Sites stay online for the
          period you paid for and {hosting(plans.pro.hostingMonths)} after.
        </li>
        <li>
          <strong>{plans.lifetime.name}</strong>: a one-time payment for up to{' '}
          {plans.lifetime.maxPortfolios} portfolios with hosting{' '}
          {hosting(plans.lifetime.hostingMonths)}.
        </li>
        <li>
          <strong>{plans.business.name}</strong>: for teams, schools and agencies, arranged with us
          directly (<Link to="/contact-us">contact us</Link>).
        </li>
      </ul>
      <h2>3. Payments, refunds and the end of a paid period</h2>
      <p>
        Payments are made in US dollars by card (Mastercard or Visa) through our payment provider.
        Every paid plan comes with a <strong>7-day money-back guarantee</strong>: ask within 7 days
        of your purchase and we refund it in full. After those 7 days a payment is not refunded.
      </p>
      <p>
        Nothing renews by itself: we charge you only when you buy. A {plans.pro.name} period ends on
        the date it is paid through, unless you buy another; then your account moves to the{' '}
        {plans.free.name} plan. Your portfolios are kept: anything beyond what the {plans.free.name}{' '}
        plan allows becomes read-only, not deleted.
      </p>
      <p>
        We may change our prices with <strong>30 days&rsquo; notice</strong>: new prices are
        announced at least 30 days before they apply. A change never affects a period you have
        already paid for.
      </p>
      <h2>4. Your content</h2>
      <p>
        You own the resumes you upload and the portfolios you create. You give us the permission we
        need to store, process and publish that content for you, and nothing more. You are
        responsible for making sure your content is accurate and that you have the right to publish
        it.
      </p>
      <h2>5. Acceptable use</h2>
      <p>You agree not to use {appName} to:</p>
      <ul>
        <li>publish content that is unlawful, misleading, hateful or infringes others' rights;</li>
        <li>impersonate another person or publish someone else's resume without permission;</li>
        <li>distribute malware, spam or phishing pages;</li>
        <li>interfere with the service or try to access other people's accounts.</li>
      </ul>
      <p>We may take down content or suspend accounts that break these rules.</p>
      <h2>6. Availability and liability</h2>
      <p>
        We work hard to keep {appName} and your published sites online, but we cannot promise
        uninterrupted service. To the extent the law allows, our liability is limited to the amount
        you paid us in the twelve months before a claim.
      </p>
      <h2>7. Changes to these terms</h2>
      <p>
        If we change these terms in a way that matters, we will tell you by email or in the app
        before the change takes effect. Questions? <Link to="/contact-us">Contact us</Link>.
      </p>
    </LegalLayout>
  );
}

export function PrivacyPage() {
  const { appName } = brand();
  return (
    <LegalLayout
      title="Privacy Policy"
      description={`What ${appName} collects, why, how long we keep it, and the choices you have. We never sell your data.`}
    >
      <p>
        This policy explains what personal data {appName} collects, why we collect it and the
        choices you have. In short: we collect what we need to run the service, we never sell your
        data, and only what you publish is public.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account details</strong>: username, name, email address and a securely hashed
          password (or your Google account identifier if you sign in with Google).
        </li>
        <li>
          <strong>Resumes and portfolio content</strong>: the files you upload, the data extracted
          from them and everything you enter in the editor.
        </li>
        <li>
          <strong>Payments</strong>: the plan you bought, amounts and dates. Card details are
          handled by our payment provider and never reach our servers.
        </li>
        <li>
          <strong>Messages</strong>: what you send us through the contact form.
        </li>
        <li>
          <strong>Technical data</strong>: server logs with IP addresses and browser details, kept
          for security and troubleshooting.
        </li>
      </ul>
      <h2>How we use it</h2>
      <p>
        To provide the service (parsing your resume, building and hosting your portfolio), to
        process payments, to answer your messages and to keep {appName} secure. If resume parsing
        uses an external AI service, only the extracted text of your resume is sent, for that
        purpose only.
      </p>
      <h2>What is public</h2>
      <p>
        Only the portfolios you publish are public, at the address you choose. Drafts, uploaded
        files and account details stay private.
      </p>
      <h2>How long we keep it</h2>
      <p>
        We keep your data while you have an account. Published sites go offline when their hosting
        period ends. When you delete a portfolio, its content and published site are removed.
        Contact us to delete your account and all its data.
      </p>
      <h2>Your rights</h2>
      <p>
        You can access, correct, export or delete your data, and object to how we use it. Write to
        us through the <Link to="/contact-us">contact page</Link>; we reply within 24 hours.
      </p>
      <h2>Children</h2>
      <p>
        {appName} is not intended for children under 13, and we do not knowingly collect their data.
      </p>
    </LegalLayout>
  );
}

export function CookiesPage() {
  const { appName } = brand();
  return (
    <LegalLayout
      title="Cookie Policy"
      description={`${appName} uses only the browser storage it needs to keep you signed in. No advertising or tracking cookies.`}
    >
      <p>
        {appName} keeps the use of cookies and similar browser storage to the minimum needed to run
        the service. We do not use advertising cookies and we do not let third parties track you on
        our pages.
      </p>
      <h2>What we store in your browser</h2>
      <ul>
        <li>
          <strong>Your session</strong>: when you log in, a session token is kept in your browser's
          local storage so you stay signed in. It is removed when you log out.
        </li>
        <li>
          <strong>Unsaved editor changes</strong>: while you edit a portfolio, a draft may be kept
          locally so you do not lose work if the tab closes.
        </li>
      </ul>
      <h2>Third parties</h2>
      <p>
        If you choose to sign in with Google or pay through our payment provider, their pages and
        scripts may set their own cookies under their own policies.
      </p>
      <h2>Published portfolios</h2>
      <p>
        Portfolios you publish set no tracking cookies. Visitor statistics for paid plans are
        counted on our servers without identifying visitors.
      </p>
      <h2>Managing storage</h2>
      <p>
        Logging out removes your session. You can also clear this site's data in your browser's
        settings at any time.
      </p>
    </LegalLayout>
  );
}
