import { useEffect, useState, type ReactNode } from 'react';
import { ArrowLeft, Globe, Monitor, Rocket, Smartphone, Tablet } from 'lucide-react';
import {
  applyEditorForm,
  editorFormFromContent,
  fontFamilies,
  isTemplateId,
  templates,
  type EditorContentForm,
  type PortfolioContent,
} from '@folio/core';
import { SiteStatusBadge } from '../../../components/site-status-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { TabList, TabPanel, Tabs, TabTrigger } from '../../../components/ui/tabs.tsx';
import { usePublicConfig } from '../../../hooks/use-public-config.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { getErrorMessage } from '../../../lib/error-message.ts';
import { usePortfolioDraft } from '../hooks/use-portfolio-draft.ts';
import { ContentForm } from './content-form.tsx';
import { PreviewFrame, type Device } from './preview-pane.tsx';
import { SaveButton } from './save-button.tsx';

type Tab = 'preview' | 'content' | 'design' | 'settings';

/** The editor preview appears after 1 second. */
export const EDITOR_PREVIEW_DELAY_MS = 1000;

const tabTrigger =
  'flex-1 rounded-lg px-4 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm sm:flex-none';

const toggleClass =
  'inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm';

const devices = [
  { value: 'desktop', label: 'Desktop', Icon: Monitor },
  { value: 'tablet', label: 'Tablet', Icon: Tablet },
  { value: 'mobile', label: 'Mobile', Icon: Smartphone },
] as const;

function DeviceToggles({ device, onChange }: { device: Device; onChange: (d: Device) => void }) {
  return (
    <div
      role="group"
      aria-label="Preview device"
      className="inline-flex gap-1 rounded-lg bg-slate-100 p-1"
    >
      {devices.map(({ value, label, Icon }) => (
        // Icon-only below lg: the tooltip names it.
        <Tooltip key={value} label={label}>
          <button
            type="button"
            aria-pressed={device === value}
            aria-label={label}
            onClick={() => onChange(value)}
            className={toggleClass}
          >
            <Icon className="size-4" aria-hidden />
            <span className="hidden lg:inline">{label}</span>
          </button>
        </Tooltip>
      ))}
    </div>
  );
}

function DelayedPreview({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), EDITOR_PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (ready) return <>{children}</>;
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="size-8 text-brand-600" label="Loading preview" />
    </div>
  );
}

function Notice({ title, action, to }: { title: string; action: string; to: string }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-16">
      <Card className="grid justify-items-center gap-4 p-8 text-center">
        <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
        <ButtonLink to={to}>{action}</ButtonLink>
      </Card>
    </main>
  );
}

/** A metadata default for the SEO toggle: the name and title, and the summary. */
function seoDefaults(content: PortfolioContent) {
  const c = content.data.contact ?? {};
  const title = [c.name, c.title].filter(Boolean).join(' – ') || 'Portfolio';
  const description = (content.data.summary ?? '').slice(0, 160) || title;
  return { metaTitle: title, metaDescription: description };
}

/** The portfolio editor (product.md, Screens in detail): Preview, Content, Design and Settings tabs. */
export function TemplateEditor({ id }: { id: number }) {
  const { query, portfolio, draft, saved, update, save, revert } = usePortfolioDraft(id);
  const config = usePublicConfig();
  const [tab, setTab] = useState<Tab>('preview');
  const [device, setDevice] = useState<Device>('desktop');
  const [saving, setSaving] = useState(false);

  if (query.isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner className="size-8 text-brand-600" label="Loading portfolio" />
      </div>
    );
  }
  if (query.isError || !portfolio || !draft || !saved) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return missing || !query.isError ? (
      <Notice title="Portfolio not found" action="Return to Dashboard" to="/dashboard" />
    ) : (
      <Notice title={getErrorMessage(query.error)} action="Return to Dashboard" to="/dashboard" />
    );
  }
  const template = isTemplateId(portfolio.template) ? templates[portfolio.template] : null;
  if (!template) {
    return (
      <Notice
        title="Template not selected"
        action="Select a Template"
        to={`/template-select?id=${id}`}
      />
    );
  }

  const run = async (
    content: PortfolioContent,
    success: { title: string; description?: string },
    failure: string,
  ) => {
    setSaving(true);
    try {
      await save(content);
      toast({ ...success, variant: 'success' });
      return true;
    } catch (err) {
      toast({ title: failure, description: getErrorMessage(err), variant: 'destructive' });
      return false;
    } finally {
      setSaving(false);
    }
  };

  const saveContent = async (values: EditorContentForm) => {
    if (
      await run(
        applyEditorForm(draft, values),
        { title: 'Content updated' },
        'Error updating content',
      )
    )
      setTab('preview');
  };

  const saveDesign = async () => {
    if (
      await run(
        draft,
        { title: 'Appearance updated', description: 'Your changes have been saved.' },
        'Error updating portfolio',
      )
    )
      setTab('preview');
  };

  const seoOn = Boolean(saved.settings.metaTitle || saved.settings.metaDescription);
  const toggleSeo = () => {
    const next = seoOn ? { metaTitle: null, metaDescription: null } : seoDefaults(saved);
    void run(
      { ...draft, settings: { ...draft.settings, ...next } },
      { title: 'Portfolio updated' },
      'Error updating portfolio',
    );
  };

  const label = portfolio.customDomain || portfolio.domain;
  const currentDomain = label
    ? config.data
      ? `${label}.${config.data.sitesDomain}`
      : label
    : 'No domain configured';
  const publishLabel = portfolio.published ? 'Update & Republish' : 'Publish Portfolio';
  const publishButton = (
    <ButtonLink to={`/publish?id=${id}`} size="sm">
      <Rocket className="size-4" aria-hidden />
      {publishLabel}
    </ButtonLink>
  );
  const font = draft.styles.global.fontFamily ?? '';

  return (
    <div className="min-h-screen bg-slate-50">
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <header className="sticky top-0 z-20 border-b border-slate-200 bg-white">
          <div className="flex flex-wrap items-center gap-3 px-4 py-3 sm:px-6">
            <ButtonLink to={`/template?id=${id}`} variant="ghost" size="sm">
              <ArrowLeft className="size-4" aria-hidden />
              Back to Templates
            </ButtonLink>
            <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
              <h1
                className="truncate text-base font-semibold text-slate-900"
                data-testid="editor-portfolio-name"
              >
                {portfolio.name}
              </h1>
              <Badge tone="brand">{template.name}</Badge>
              {portfolio.status ? (
                <span data-testid="editor-site-status">
                  <SiteStatusBadge
                    status={portfolio.status}
                    unpublishedChanges={portfolio.unpublishedChanges ?? false}
                  />
                </span>
              ) : null}
            </div>
            <DeviceToggles
              device={device}
              onChange={(d) => {
                setDevice(d);
                setTab('preview');
              }}
            />
            {publishButton}
          </div>
          <div className="px-4 pb-3 sm:px-6">
            <TabList
              aria-label="Portfolio editor"
              className="flex w-full gap-1 rounded-xl bg-slate-100 p-1 sm:w-auto sm:max-w-max"
            >
              <TabTrigger value="preview" className={tabTrigger}>
                Preview
              </TabTrigger>
              <TabTrigger value="content" className={tabTrigger}>
                Content
              </TabTrigger>
              <TabTrigger value="design" className={tabTrigger}>
                Design
              </TabTrigger>
              <TabTrigger value="settings" className={tabTrigger}>
                Settings
              </TabTrigger>
            </TabList>
          </div>
        </header>

        <main className="px-4 py-6 sm:px-6">
          <TabPanel value="preview" className="outline-none">
            <DelayedPreview>
              <PreviewFrame content={draft} template={portfolio.template} device={device} />
            </DelayedPreview>
          </TabPanel>

          <TabPanel value="content" className="mx-auto max-w-3xl outline-none">
            <ContentForm
              initial={editorFormFromContent(saved)}
              saving={saving}
              onSave={(values) => void saveContent(values)}
              onCancel={() => setTab('preview')}
            />
          </TabPanel>

          <TabPanel value="design" className="mx-auto max-w-3xl outline-none">
            <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
              <h2 className="text-base font-semibold text-slate-900">Typography</h2>
              <div
                role="radiogroup"
                aria-label="Font family"
                className="mt-4 grid gap-3 sm:grid-cols-3"
              >
                {fontFamilies.map((f) => (
                  <button
                    key={f}
                    type="button"
                    role="radio"
                    aria-checked={font === f}
                    onClick={() =>
                      update((c) => ({
                        ...c,
                        styles: { ...c.styles, global: { ...c.styles.global, fontFamily: f } },
                      }))
                    }
                    className="rounded-xl border border-slate-200 p-4 text-left transition-colors hover:border-brand-400 aria-checked:border-brand-600 aria-checked:ring-2 aria-checked:ring-brand-600/30"
                  >
                    <span
                      className="block text-2xl text-slate-900"
                      style={{
                        fontFamily:
                          f === 'Serif' ? 'serif' : f === 'Monospace' ? 'monospace' : 'sans-serif',
                      }}
                      aria-hidden
                    >
                      Aa
                    </span>
                    <span className="mt-2 block text-sm font-medium text-slate-700">{f}</span>
                  </button>
                ))}
              </div>
              <div className="mt-6 flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
                <Button
                  variant="outline"
                  disabled={saving}
                  onClick={() => revert((s, d) => ({ ...d, styles: s.styles }))}
                >
                  Cancel
                </Button>
                <SaveButton saving={saving} onClick={() => void saveDesign()} />
              </div>
            </section>
          </TabPanel>

          <TabPanel value="settings" className="mx-auto grid max-w-3xl gap-6 outline-none">
            <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
              <h2 className="text-base font-semibold text-slate-900">Search engines</h2>
              <div className="mt-4 flex items-center justify-between gap-4">
                <div>
                  <p className="text-sm font-medium text-slate-800" id="seo-label">
                    SEO optimization
                  </p>
                  <p className="text-sm text-slate-600">
                    Add a page title and description for search results and link previews.
                  </p>
                </div>
                <button
                  type="button"
                  role="switch"
                  aria-checked={seoOn}
                  aria-labelledby="seo-label"
                  disabled={saving}
                  onClick={toggleSeo}
                  className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50 aria-checked:bg-brand-600"
                >
                  <span
                    className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${seoOn ? 'translate-x-5.5' : 'translate-x-0.5'}`}
                  />
                </button>
              </div>
            </section>
            <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
              <h2 className="text-base font-semibold text-slate-900">Domain</h2>
              <p className="mt-4 flex items-center gap-2 text-sm text-slate-700">
                <Globe className="size-4 text-slate-500" aria-hidden />
                <span>Current domain:</span>
                <span className="font-medium text-slate-900" data-testid="current-domain">
                  {currentDomain}
                </span>
              </p>
              <div className="mt-4 flex flex-wrap gap-2">
                <ButtonLink to={`/publish?id=${id}`} variant="outline" size="sm">
                  Configure Domain
                </ButtonLink>
                {publishButton}
              </div>
            </section>
          </TabPanel>
        </main>
      </Tabs>
    </div>
  );
}
