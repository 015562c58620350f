import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FileJson, PenLine, Sparkles } from 'lucide-react';
import {
  planLimitMessage,
  importNameInputSchema,
  hasUnlimitedCredits,
  plans,
  type PlanId,
  type PortfolioSummary,
} from '@folio/core';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { usePortfolioImport } from '../hooks/use-portfolio-import.ts';
import { checkResumeContent, checkResumeFile, type ResumeFileKind } from '../utils/resume-file.ts';
import { CreditsMeter } from './credits-meter.tsx';
import { LinkedInWays } from './linkedin-ways.tsx';
import { NextStepsCard } from './next-steps-card.tsx';
import { Notice } from './notice.tsx';
import { ParsingOverlay } from './parsing-overlay.tsx';
import { ResumeDropZone } from './resume-drop-zone.tsx';

const NAME_TAKEN_FIELD_MESSAGE = 'You already have a portfolio with this name.';

/**
 * The resume upload screen's body (product.md, Screens in detail): portfolio name, drop zone, credits, and the two
 * free ways in (start from scratch, import a JSON Resume). The name is optional: left empty, the
 * portfolio is named after the person on the resume. A chosen (or dropped) file is uploaded at
 * once, with no second button to press; the button stays for trying again after an error. An
 * upload goes on to the review (/review?id={id}), the others to /template-select?id={id}.
 */
export function ResumeImport({ credits, plan }: { credits: number; plan: PlanId }) {
  const form = useForm({
    resolver: zodResolver(importNameInputSchema),
    defaultValues: { name: '' },
  });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  /** What the chosen file was read as, once its content is checked (a LinkedIn export is free). */
  const [fileKind, setFileKind] = useState<ResumeFileKind | null>(null);
  const chosenRef = useRef<File | null>(null);
  const jsonInputRef = useRef<HTMLInputElement>(null);

  const { mutation, parsePhase } = usePortfolioImport({
    plan,
    onNameTaken: () =>
      form.setError('name', { message: NAME_TAKEN_FIELD_MESSAGE }, { shouldFocus: true }),
  });
  const portfolios = useQuery<PortfolioSummary[]>({ queryKey: queryKeys.portfolios });

  const maxPortfolios = plans[plan].maxPortfolios;
  const limitReached = maxPortfolios !== null && (portfolios.data?.length ?? 0) >= maxPortfolios;
  const noCredits = !hasUnlimitedCredits(plan) && credits <= 0 && fileKind !== 'linkedin';
  const busy = mutation.isPending;
  const busyKind = busy ? mutation.variables?.source.kind : undefined;
  const { errors } = form.formState;

  /** Uploads `chosen` with the name typed (if any): choosing a file is the one action asked. */
  const upload = (chosen: File) =>
    void form.handleSubmit(({ name }) => {
      mutation.mutate({ name, source: { kind: 'upload', file: chosen } });
    })();

  const selectFile = (chosen: File) => {
    const problem = checkResumeFile(chosen);
    setFile(problem ? null : chosen);
    setFileError(problem);
    setFileKind(null);
    chosenRef.current = problem ? null : chosen;
    if (problem) return;
    void checkResumeContent(chosen).then((checked) => {
      if (chosenRef.current !== chosen) return;
      if ('kind' in checked) {
        setFileKind(checked.kind);
        const paid = checked.kind !== 'linkedin' && !hasUnlimitedCredits(plan);
        if (!limitReached && !mutation.isPending && !(paid && credits <= 0)) upload(chosen);
        return;
      }
      setFile((current) => (current === chosen ? null : current));
      setFileError(checked.refused);
    });
  };

  const onUpload = form.handleSubmit(({ name }) => {
    if (!file) {
      setFileError('Please choose a resume file');
      return;
    }
    mutation.mutate({ name, source: { kind: 'upload', file } });
  });

  const onStartFromScratch = form.handleSubmit(({ name }) => {
    mutation.mutate({ name, source: { kind: 'scratch' } });
  });

  const onImportJsonClick = async () => {
    if (await form.trigger('name', { shouldFocus: true })) jsonInputRef.current?.click();
  };

  const onJsonChosen = (chosen: File) =>
    form.handleSubmit(({ name }) => {
      mutation.mutate({ name, source: { kind: 'json', file: chosen } });
    })();

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
      <Card className="p-4 sm:p-8 lg:col-span-2">
        <form
          noValidate
          aria-label="Upload resume"
          className="grid grid-cols-1 gap-6"
          onSubmit={(e) => void onUpload(e)}
        >
          {limitReached ? (
            <Notice
              title="Portfolio limit reached"
              actions={
                <>
                  <ButtonLink to="/pricing" size="sm">
                    Upgrade Plan
                  </ButtonLink>
                  <ButtonLink to="/dashboard" size="sm" variant="outline">
                    Go to Dashboard
                  </ButtonLink>
                </>
              }
            >
              {planLimitMessage(plan)}
            </Notice>
          ) : null}

          <FormField
            label="Portfolio Name"
            error={errors.name?.message}
            hint="Optional: we use the name on your resume. It becomes your site address."
          >
            <Input
              autoComplete="off"
              placeholder="Your name, from your resume"
              {...form.register('name')}
            />
          </FormField>

          <ResumeDropZone
            file={file}
            error={fileError}
            disabled={busy || limitReached}
            onSelect={selectFile}
            onRemove={() => {
              setFile(null);
              setFileError(null);
              setFileKind(null);
              chosenRef.current = null;
            }}
          />

          <LinkedInWays />

          {noCredits ? (
            <Notice
              title="Insufficient Credits"
              actions={
                <>
                  <ButtonLink to="/pricing" size="sm">
                    Upgrade Plan
                  </ButtonLink>
                  <ButtonLink to="/contact-us" size="sm" variant="outline">
                    Contact support
                  </ButtonLink>
                </>
              }
            >
              You don&apos;t have enough credits to parse a resume. Please upgrade your plan or
              contact support.
            </Notice>
          ) : null}

          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={busy || noCredits || !file || limitReached}
          >
            {busyKind === 'upload' ? (
              <Spinner className="size-5 text-white" label="Parsing" />
            ) : (
              <Sparkles className="hidden size-5 min-[360px]:block" aria-hidden />
            )}
            Upload and Parse Resume
          </Button>
        </form>

        <div className="mt-8 border-t border-slate-200 pt-6">
          <h2 className="font-semibold text-slate-900">No resume file at hand?</h2>
          <p className="mt-1 text-sm text-slate-600">
            Start with an empty portfolio and fill it in yourself, or bring a{' '}
            <a
              href="https://jsonresume.org/schema"
              target="_blank"
              rel="noreferrer"
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              JSON Resume
            </a>{' '}
            file. Neither uses a credit.
          </p>
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <Button
              variant="outline"
              disabled={busy || limitReached}
              onClick={() => void onStartFromScratch()}
            >
              {busyKind === 'scratch' ? (
                <Spinner className="size-4" label="Creating" />
              ) : (
                <PenLine className="size-4" aria-hidden />
              )}
              Start from scratch
            </Button>
            <Button
              variant="outline"
              disabled={busy || limitReached}
              onClick={() => void onImportJsonClick()}
            >
              {busyKind === 'json' ? (
                <Spinner className="size-4" label="Importing" />
              ) : (
                <FileJson className="size-4" aria-hidden />
              )}
              Import JSON Resume
            </Button>
            <input
              ref={jsonInputRef}
              type="file"
              accept=".json,application/json"
              aria-label="JSON Resume file"
              tabIndex={-1}
              className="sr-only"
              disabled={busy}
              onChange={(e) => {
                const chosen = e.target.files?.[0];
                e.target.value = '';
                if (chosen) void onJsonChosen(chosen);
              }}
            />
          </div>
        </div>
      </Card>

      <div className="grid grid-cols-1 gap-6">
        <Card className="p-6">
          <CreditsMeter credits={credits} plan={plan} />
        </Card>
        <NextStepsCard />
      </div>

      <ParsingOverlay open={parsePhase !== 'idle'} complete={parsePhase === 'complete'} />
    </div>
  );
}
