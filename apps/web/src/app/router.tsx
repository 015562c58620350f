import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { ProtectedRoute } from '../features/auth/components/protected-route.tsx';
import { NavigationGuard } from '../lib/navigation-guard.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

const preloaders = new WeakMap<object, () => Promise<void>>();

/**
 * A lazily loaded page (its own chunk) from a module's named export. Once preloaded
 * (`preloadRoute`), it renders synchronously: hydrating a prerendered page then never suspends,
 * so an early update (the current user arriving) cannot throw the page back to its spinner.
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  let loaded: ComponentType | null = null;
  const preload = async () => {
    loaded = (await load())[name] as ComponentType;
  };
  const LazyPage = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <LazyPage />;
  };
  const element = (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
  preloaders.set(element, preload);
  return element;
}

function protectedPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
) {
  return <ProtectedRoute>{page(load, name)}</ProtectedRoute>;
}

/** The editor's "Back to Templates" goes to /template?id={id}: the template select screen. */
function TemplateRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/template-select${search}`} replace />;
}

/** The reset page (product.md, Screens in detail): no token redirects to /login, which is /auth here. */
function LoginRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/auth${search}`} replace />;
}

/** A route's element inside its own error boundary; a lazy page stays preloadable. */
function bounded(element: ReactElement) {
  const inBoundary = <RouteErrorBoundary>{element}</RouteErrorBoundary>;
  const preload = preloaders.get(element);
  if (preload) preloaders.set(inBoundary, preload);
  return inBoundary;
}

const withErrors = (routes: (RouteObject & { element: ReactElement })[]): RouteObject[] =>
  routes.map((r) => ({ ...r, element: bounded(r.element) }));

const publicRoutes = withErrors([
  { index: true, element: page(() => import('./routes/home.tsx'), 'HomePage') },
  {
    path: 'how-it-works',
    element: page(() => import('./routes/how-it-works.tsx'), 'HowItWorksPage'),
  },
  { path: 'features', element: page(() => import('./routes/features.tsx'), 'FeaturesPage') },
  { path: 'templates', element: page(() => import('./routes/templates.tsx'), 'TemplatesPage') },
  { path: 'pricing', element: page(() => import('./routes/pricing.tsx'), 'PricingPage') },
  { path: 'blog', element: page(() => import('./routes/blog.tsx'), 'BlogPage') },
  { path: 'blog/tags/:tag', element: page(() => import('./routes/blog.tsx'), 'BlogTagPage') },
  { path: 'blog/tags', element: <Navigate to="/blog" replace /> },
  { path: 'blog/:slug', element: page(() => import('./routes/blog.tsx'), 'BlogPostPage') },
  { path: 'terms-and-conditions', element: page(() => import('./routes/legal.tsx'), 'TermsPage') },
  { path: 'privacy', element: page(() => import('./routes/legal.tsx'), 'PrivacyPage') },
  { path: 'cookies', element: page(() => import('./routes/legal.tsx'), 'CookiesPage') },
  { path: 'about-us', element: page(() => import('./routes/about-us.tsx'), 'AboutUsPage') },
  { path: 'contact-us', element: page(() => import('./routes/contact-us.tsx'), 'ContactUsPage') },
  {
    path: 'verify-email',
    element: page(() => import('./routes/verify-email.tsx'), 'VerifyEmailPage'),
  },
  {
    path: 'verified-success',
    element: page(() => import('./routes/verify-email.tsx'), 'VerifiedSuccessPage'),
  },
  {
    path: 'refuse-account',
    element: page(() => import('./routes/refuse-account.tsx'), 'RefuseAccountPage'),
  },
  {
    path: 'reset-password',
    element: page(() => import('./routes/reset-password.tsx'), 'ResetPasswordPage'),
  },
  { path: '404', element: page(() => import('./routes/not-found.tsx'), 'NotFoundPage') },
  { path: '*', element: page(() => import('./routes/not-found.tsx'), 'NotFoundPage') },
]);

/** Screens with the sidebar (product.md, Screens in detail). */
const appRoutes = withErrors([
  {
    path: 'dashboard',
    element: protectedPage(() => import('./routes/dashboard.tsx'), 'DashboardPage'),
  },
  { path: 'profile', element: protectedPage(() => import('./routes/profile.tsx'), 'ProfilePage') },
  {
    path: 'resume-upload',
    element: protectedPage(() => import('./routes/resume-upload.tsx'), 'ResumeUploadPage'),
  },
  {
    path: 'review',
    element: protectedPage(() => import('./routes/review.tsx'), 'ReviewPage'),
  },
  {
    path: 'template-select',
    element: protectedPage(() => import('./routes/template-select.tsx'), 'TemplateSelectPage'),
  },
  { path: 'preview', element: protectedPage(() => import('./routes/preview.tsx'), 'PreviewPage') },
  { path: 'publish', element: protectedPage(() => import('./routes/publish.tsx'), 'PublishPage') },
]);

const routes: RouteObject[] = [
  {
    element: bounded(<RootLayout />),
    children: [
      { element: bounded(<PublicLayout />), children: publicRoutes },
      // Lazy: signed-in screens' code (tooltips, sidebar, portfolio picker) is never loaded on
      // public pages.
      {
        element: bounded(page(() => import('./layouts/signed-in-root.tsx'), 'SignedInRoot')),
        children: [
          {
            element: bounded(page(() => import('./layouts/app-layout.tsx'), 'AppLayout')),
            children: appRoutes,
          },
          ...withErrors([
            {
              path: 'template-editor',
              element: protectedPage(
                () => import('./routes/template-editor.tsx'),
                'TemplateEditorPage',
              ),
            },
          ]),
        ],
      },
      ...withErrors([
        { path: 'auth', element: page(() => import('./routes/auth.tsx'), 'AuthPage') },
        { path: 'login', element: <LoginRedirect /> },
        { path: 'template', element: <TemplateRedirect /> },
      ]),
    ],
  },
];

/**
 * The screen for the address of the router around it: the browser's (main.tsx) or a static one
 * (entry-server.tsx).
 */
export function AppRoutes() {
  return <NavigationGuard>{useRoutes(routes)}</NavigationGuard>;
}

/**
 * Every address pattern the app has a screen for (`/`, `/pricing`, `/blog/:slug`, …), from the
 * route table above; the catch-all not-found route is left out. The prerender step writes them
 * into the pages manifest, and the server answers any other address with the not-found page and
 * a 404 (apps/server/src/plugins/web-app.ts).
 */
export function routePatterns(): string[] {
  const out = new Set<string>();
  const walk = (list: RouteObject[], base: string) => {
    for (const route of list) {
      if (route.path === '*') continue;
      const full = route.path ? `${base}/${route.path}`.replace(/\/+/g, '/') : base || '/';
      if (route.index || (route.path && !route.children)) out.add(full || '/');
      if (route.children) walk(route.children, route.path ? full : base);
    }
  };
  walk(routes, '');
  return [...out];
}

/** Loads the chunks of every lazy page and layout that `pathname` renders. */
export async function preloadRoute(pathname: string): Promise<void> {
  const loads: Promise<void>[] = [];
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const preload =
      route.element && typeof route.element === 'object' ? preloaders.get(route.element) : null;
    if (preload) loads.push(preload());
  }
  await Promise.all(loads);
}
