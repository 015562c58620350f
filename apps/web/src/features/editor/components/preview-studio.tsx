import { useState, type ReactNode } from 'react';
import { CircleAlert, RotateCcw } from 'lucide-react';
import { confirmUncertainField, withResumeData, type PortfolioContent } from '@folio/core';
import { SiteStatusBadge } from '../../../components/site-status-badge.tsx';
import { ActionBar } from '../../../components/ui/action-bar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TabList, TabPanel, Tabs, TabTrigger } from '../../../components/ui/tabs.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useNavigationGuard } from '../../../lib/navigation-guard.tsx';
import { getErrorMessage } from '../../../lib/error-message.ts';
import { cn } from '../../../lib/cn.ts';
import { usePortfolioDraft } from '../hooks/use-portfolio-draft.ts';
import { CustomizePanel } from './customize-panel.tsx';
import {
  DeviceToggle,
  PreviewFrame,
  useNarrowScreen,
  type Device,
  type PreviewFocus,
} from './preview-pane.tsx';
import { PortfolioLoadState } from './portfolio-load-state.tsx';
import { ResumeEditor } from './resume-editor.tsx';
import { SaveButton } from './save-button.tsx';
import { PreviewSheet } from './preview-sheet.tsx';
import type { SectionKey } from '@folio/core';

type Tab = 'preview' | 'resume' | 'customize';

const tabTrigger =
  'flex-1 rounded-lg px-4 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm sm:flex-none';

const isStale = (err: unknown) =>
  err instanceof ApiError &&
  err.status === 409 &&
  (err.body as { error?: unknown } | null)?.error === 'STALE_VERSION';

/** Save and cancel, kept in reach at the bottom of a long form. */
function SaveBar({ children, dirty }: { children: ReactNode; dirty: boolean }) {
  return (
    // A size container: in a narrow column (Customize beside its preview) the status line gives
    // the buttons its room.
    <ActionBar className="@container">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <p className="mr-auto hidden text-sm text-slate-600 @lg:block" aria-live="polite">
          {dirty ? 'You have unsaved changes.' : 'All changes saved.'}
        </p>
        {children}
      </div>
    </ActionBar>
  );
}

/** Preview & Customize (product.md, Screens in detail): live preview, resume editor and appearance studio. */
export function PreviewStudio({ id }: { id: number }) {
  const { query, portfolio, draft, dirty, restored, update, undo, canUndo, save, revert, reload } =
    usePortfolioDraft(id);
  const narrow = useNarrowScreen();
  const [tab, setTab] = useState<Tab>('preview');
  const [chosenDevice, setDevice] = useState<Device>('desktop');
  const device: Device = narrow ? 'mobile' : chosenDevice;
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState<string | null>(null);
  // Customize: the preview beside the form (desktop or phone width) follows the section changed.
  const [sideDevice, setSideDevice] = useState<Device>('desktop');
  const [focus, setFocus] = useState<PreviewFocus | null>(null);
  const focusSection = (section: SectionKey) => setFocus({ section, at: Date.now() });

  const leaving = useNavigationGuard(
    (current, next) =>
      dirty && (current.pathname !== next.pathname || current.search !== next.search),
  );

  if (query.isPending || query.isError || !portfolio || !draft) {
    return <PortfolioLoadState pending={query.isPending} error={query.error} />;
  }

  const doReload = async () => {
    try {
      await reload();
      setStale(null);
    } catch (err) {
      toast({ title: 'Error', description: getErrorMessage(err), variant: 'destructive' });
    }
  };

  const failed = (err: unknown) => {
    const message = getErrorMessage(err);
    if (isStale(err)) setStale(message);
    toast({
      title: 'Error updating content',
      description: message,
      variant: 'destructive',
      ...(isStale(err) ? { action: { label: 'Reload', onClick: () => void doReload() } } : {}),
    });
  };

  const run = async (content: PortfolioContent | undefined, done: () => void) => {
    setSaving(true);
    try {
      await save(content);
      setStale(null);
      done();
    } catch (err) {
      failed(err);
    } finally {
      setSaving(false);
    }
  };

  const saveResume = () =>
    run(undefined, () => {
      toast({ title: 'Content updated', variant: 'success' });
      setTab('preview');
    });

  const saveAppearance = () => {
    const before = portfolio.content;
    return run(undefined, () => {
      toast({
        title: 'Appearance updated',
        description: 'Your changes have been saved.',
        variant: 'success',
        action: {
          label: 'Undo',
          onClick: () =>
            void run(before, () =>
              toast({
                title: 'Appearance updated',
                description: 'Your previous appearance is back.',
                variant: 'success',
              }),
            ),
        },
      });
      setTab('preview');
    });
  };

  const sidePreview = tab !== 'preview';
  const customizing = tab === 'customize';

  return (
    <>
      <div className="-mt-4 mb-6 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-slate-600">
        <p className="min-w-0 break-words">
          <span className="font-medium text-slate-900">{portfolio.name}</span> · template{' '}
          <span className="font-medium text-slate-900">{portfolio.template}</span>
        </p>
        {portfolio.status ? (
          <span data-testid="preview-site-status">
            <SiteStatusBadge
              status={portfolio.status}
              unpublishedChanges={portfolio.unpublishedChanges ?? false}
            />
          </span>
        ) : null}
      </div>

      {restored && dirty ? (
        <div
          role="status"
          className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900"
        >
          <RotateCcw className="size-5 shrink-0" aria-hidden />
          <p className="min-w-0 flex-1">
            Unsaved changes from your last visit were restored. Save them, or discard them.
          </p>
          <Button variant="outline" size="sm" onClick={() => revert()}>
            Discard changes
          </Button>
        </div>
      ) : null}

      {stale ? (
        <div
          role="alert"
          className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <CircleAlert className="size-5 shrink-0" aria-hidden />
          <p className="min-w-0 flex-1">{stale}</p>
          <Button variant="outline" size="sm" onClick={() => void doReload()}>
            <RotateCcw className="size-4" aria-hidden />
            Reload
          </Button>
        </div>
      ) : null}

      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabList
            aria-label="Preview and customize"
            className="flex w-full gap-1 rounded-xl bg-slate-100 p-1 sm:w-auto"
          >
            <TabTrigger value="preview" className={tabTrigger}>
              Preview
            </TabTrigger>
            <TabTrigger value="resume" className={tabTrigger}>
              Resume
            </TabTrigger>
            <TabTrigger value="customize" className={tabTrigger}>
              Customize
            </TabTrigger>
          </TabList>
          {tab === 'preview' ? <DeviceToggle device={device} onChange={setDevice} /> : null}
        </div>

        <div
          className={cn(
            'mt-6',
            tab === 'resume' &&
              'xl:grid xl:grid-cols-[minmax(0,1fr)_24rem] xl:items-start xl:gap-6',
            // Customize: a narrow column of controls beside a large preview.
            customizing &&
              'lg:grid lg:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)] lg:items-start lg:gap-6',
          )}
        >
          <TabPanel value="resume" className="min-w-0 outline-none">
            <ResumeEditor
              data={draft.data}
              onChange={(data) => update((c) => withResumeData(c, data))}
              uncertain={draft.settings.uncertain}
              onConfirm={(path) => update((c) => confirmUncertainField(c, path))}
              onEdit={update}
              onUndo={undo}
              canUndo={canUndo}
            />
            <SaveBar dirty={dirty}>
              <Button
                variant="outline"
                disabled={saving}
                onClick={() =>
                  revert((saved, d) => ({
                    ...d,
                    data: saved.data,
                    settings: { ...d.settings, uncertain: saved.settings.uncertain },
                  }))
                }
              >
                Cancel
              </Button>
              <SaveButton saving={saving} onClick={() => void saveResume()} />
            </SaveBar>
          </TabPanel>

          <TabPanel value="customize" className="min-w-0 outline-none">
            <CustomizePanel
              content={draft}
              onChange={(next) => update(() => next)}
              onFocusSection={focusSection}
            />
            <SaveBar dirty={dirty}>
              <PreviewSheet
                content={draft}
                template={portfolio.template}
                focus={focus}
                className="lg:hidden"
              />
              <Button
                variant="outline"
                disabled={saving}
                onClick={() =>
                  revert((saved, d) => ({ ...d, styles: saved.styles, settings: saved.settings }))
                }
              >
                <RotateCcw className="size-4" aria-hidden />
                <span className="@md:hidden">Reset</span>
                <span className="hidden @md:inline">Reset to last saved</span>
              </Button>
              <SaveButton saving={saving} onClick={() => void saveAppearance()}>
                Save
              </SaveButton>
            </SaveBar>
          </TabPanel>

          {/* Always mounted: it is the Preview tab, and beside the editors on wide screens. */}
          <TabPanel
            value="preview"
            forceMount
            className={cn(
              'min-w-0 outline-none',
              tab === 'resume' && 'hidden xl:sticky xl:top-6 xl:block',
              customizing &&
                'hidden lg:sticky lg:top-6 lg:flex lg:h-[calc(100dvh-3rem)] lg:flex-col',
            )}
          >
            {sidePreview ? (
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                  Live preview
                </p>
                {customizing ? <DeviceToggle device={sideDevice} onChange={setSideDevice} /> : null}
              </div>
            ) : null}
            <div className={cn(customizing && 'min-h-0 flex-1')}>
              <PreviewFrame
                content={draft}
                template={portfolio.template}
                device={customizing ? sideDevice : sidePreview ? 'desktop' : device}
                compact={sidePreview}
                fit={customizing}
                fill={customizing}
                focus={customizing ? focus : null}
              />
            </div>
          </TabPanel>
        </div>
      </Tabs>

      <Dialog
        open={leaving.blocked}
        onOpenChange={(open) => {
          if (!open) leaving.reset();
        }}
        title="Leave without saving?"
        description="You have unsaved changes to this portfolio. They will be lost if you leave now."
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={leaving.reset}>
            Stay
          </Button>
          <Button variant="destructive" onClick={leaving.proceed}>
            Leave
          </Button>
        </div>
      </Dialog>
    </>
  );
}
