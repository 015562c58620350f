import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';
import { brand } from '../../lib/brand.ts';

const columns = [
  {
    title: 'Product',
    links: [
      { to: '/features', label: 'Features' },
      { to: '/templates', label: 'Templates' },
      { to: '/pricing', label: 'Pricing' },
    ],
  },
  { title: 'Support', links: [{ to: '/contact-us', label: 'Contact Us' }] },
  {
    title: 'Company',
    links: [
      { to: '/about-us', label: 'About' },
      { to: '/blog', label: 'Blog' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms-and-conditions', label: 'Terms' },
      { to: '/privacy', label: 'Privacy' },
      { to: '/cookies', label: 'Cookies' },
    ],
  },
] as const;

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.4fr_2fr] lg:px-8">
        <div className="max-w-sm">
          <Link to="/" aria-label={`${brand().appName} home`} className="inline-block rounded-lg">
            <Logo />
          </Link>
          <p className="mt-4 text-sm leading-6 text-slate-600">
            Turn your resume into a portfolio website in minutes. No coding, no design skills
            needed.
          </p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {columns.map((col) => (
            <div key={col.title}>
              <h2 className="text-sm font-semibold text-slate-900">{col.title}</h2>
              <ul className="mt-3 grid gap-2">
                {col.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="rounded text-sm text-slate-600 transition-colors hover:text-brand-700"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
                {col.title === 'Support' ? (
                  <li>
                    <a
                      href={`mailto:${brand().supportEmail}`}
                      className="rounded text-sm break-all text-slate-600 transition-colors hover:text-brand-700"
                    >
                      {brand().supportEmail}
                    </a>
                  </li>
                ) : null}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-500 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {brand().appName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
