import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  defaultContent,
  planLimitMessage,
  suggestedSectionOrder,
  withImportRead,
  plans,
  type ParseResumeResponse,
  type PlanId,
  type PortfolioContent,
  type PortfolioSummary,
  type ResumeData,
  type User,
} from '@folio/core';
import { toast } from '../../../hooks/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { DEFAULT_ERROR_MESSAGE, getErrorMessage } from '../../../lib/error-message.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { checkPortfolioName, createPortfolio, parseResume } from '../api/resume-import-api.ts';
import { JsonResumeError, readJsonResume } from '../utils/json-resume-file.ts';
import { nameFor } from '../utils/portfolio-name.ts';
import { readFileAsBase64 } from '../utils/resume-file.ts';

/** Where the portfolio's content comes from. */
export type ImportSource =
  { kind: 'upload'; file: File } | { kind: 'json'; file: File } | { kind: 'scratch' };

export interface ImportInput {
  /** The name typed; empty = made from the name on the resume (`nameFor`). */
  name: string;
  source: ImportSource;
}

/** The parsing overlay: closed, parsing (stages cycle), or the answer has arrived. */
export type ParsePhase = 'idle' | 'parsing' | 'complete';

type Step = 'check' | 'parse' | 'create';

/** An error with the step it happened in, so the toast can say what failed (product.md, Messages). */
class StepError extends Error {
  readonly step: Step;
  constructor(step: Step, cause: unknown) {
    super(getErrorMessage(cause), { cause });
    this.name = 'StepError';
    this.step = step;
  }
}

const PARSE_DEFAULT_MESSAGE = 'Parse failed. Please try again.';
/** How long "Parsing complete!" stays on screen before the portfolio is created. */
const COMPLETE_HOLD_MS = 600;

const successToasts: Record<ImportSource['kind'], { title: string; description: string }> = {
  upload: {
    title: 'Resume uploaded successfully',
    description: 'Your resume has been parsed and a portfolio has been created.',
  },
  json: {
    title: 'Resume imported',
    description: 'Your JSON Resume has been imported and a portfolio has been created.',
  },
  scratch: {
    title: 'Portfolio created',
    description: 'Choose a template next, then fill in your details in the editor.',
  },
};

function isInsufficientCredits(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  const code = (err.body as { error?: unknown } | null)?.error;
  return err.status === 402 || code === 'INSUFFICIENT_CREDITS';
}

function showError(err: unknown): void {
  if (err instanceof JsonResumeError) {
    toast({ title: 'Invalid JSON Resume', description: err.message, variant: 'destructive' });
    return;
  }
  if (!(err instanceof StepError)) {
    toast({ title: 'Generic Error', description: getErrorMessage(err), variant: 'destructive' });
    return;
  }
  const cause = err.cause;
  if (err.step === 'check') {
    toast({
      title: 'Failed to check portfolio name.',
      description: getErrorMessage(cause),
      variant: 'destructive',
    });
  } else if (err.step === 'parse' && isInsufficientCredits(cause)) {
    toast({
      title: 'Insufficient credits',
      description: 'You do not have enough credits to parse a resume. Please upgrade your plan',
      variant: 'destructive',
    });
  } else if (err.step === 'parse') {
    const message = cause instanceof ApiError ? getErrorMessage(cause) : '';
    toast({
      title: 'Resume Parsing Error',
      description: message && message !== DEFAULT_ERROR_MESSAGE ? message : PARSE_DEFAULT_MESSAGE,
      variant: 'destructive',
    });
  } else {
    toast({
      title: 'Error creating portfolio',
      description: getErrorMessage(cause),
      variant: 'destructive',
    });
  }
}

async function step<T>(name: Step, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw new StepError(name, err);
  }
}

/** Content imported from a resume starts with the section order its content suggests. */
const withSuggestedOrder = (content: PortfolioContent, imported: boolean): PortfolioContent =>
  imported
    ? {
        ...content,
        settings: { ...content.settings, sectionOrder: suggestedSectionOrder(content.data) },
      }
    : content;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The upload flow (product.md, States "Resume upload"): name check, parsing (with the overlay phase),
 * portfolio creation, then the review (/review?id={id}) and /template-select?id={id}. Manual entry and JSON Resume import take
 * the same path without the parse and cost no credit. On any error the overlay closes and the
 * form keeps its values; a parse whose portfolio could not be created is reused on the next try
 * with the same file, so it is not paid twice.
 */
export function usePortfolioImport({
  plan,
  onNameTaken,
}: {
  plan: PlanId;
  onNameTaken: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [parsePhase, setParsePhase] = useState<ParsePhase>('idle');
  const parsed = useRef(new WeakMap<File, ParseResumeResponse>());

  const refreshUser = () => queryClient.invalidateQueries({ queryKey: queryKeys.user });

  /** The user's portfolio names, read afresh (a name made up must not be taken). */
  const listNames = async () =>
    (
      await queryClient.fetchQuery<PortfolioSummary[]>({
        queryKey: queryKeys.portfolios,
        staleTime: 0,
      })
    ).map((p) => p.name);

  async function assertPlanAllowsAnother(): Promise<void> {
    const message = planLimitMessage(plan);
    if (!message) return;
    const list = await queryClient
      .fetchQuery<PortfolioSummary[]>({ queryKey: queryKeys.portfolios })
      .catch(() => null);
    // The server enforces the limit too; this only avoids paying for a parse that cannot be used.
    if (list && list.length >= (plans[plan].maxPortfolios ?? Infinity)) {
      throw new StepError('create', new Error(message));
    }
  }

  async function parseUpload(file: File): Promise<ParseResumeResponse> {
    const cached = parsed.current.get(file);
    if (cached) return cached;
    setParsePhase('parsing');
    const result = await step('parse', async () =>
      parseResume({ filename: file.name, fileContent: await readFileAsBase64(file) }),
    );
    parsed.current.set(file, result);
    queryClient.setQueryData<User | null>(queryKeys.user, (user) =>
      user && result.credits !== null ? { ...user, credits: result.credits } : user,
    );
    void refreshUser();
    setParsePhase('complete');
    await wait(COMPLETE_HOLD_MS);
    return result;
  }

  const mutation = useMutation({
    mutationFn: async ({ name, source }: ImportInput): Promise<number | null> => {
      // A JSON file is read before anything is sent: a bad file creates nothing.
      const jsonData: ResumeData | null =
        source.kind === 'json' ? await readJsonResume(source.file) : null;

      const typed = name.trim();
      const exists = typed !== '' && (await step('check', () => checkPortfolioName(typed)));
      if (exists) {
        toast({
          title: 'Portfolio Name Already Exists',
          description: 'Please choose a different portfolio name or delete the old one first.',
          variant: 'destructive',
        });
        onNameTaken();
        return null;
      }
      await assertPlanAllowsAnother();

      let content = withSuggestedOrder(defaultContent(jsonData ?? {}), source.kind !== 'scratch');
      let resumeId: number | undefined;
      let parsed: ParseResumeResponse | undefined;
      if (source.kind === 'upload') {
        parsed = await parseUpload(source.file);
        resumeId = parsed.resumeId;
        // "Check this" markers (the parser's, and one on each expected part it found nothing
        // for) stay with the portfolio until edited or confirmed; the read's confidence too
        content = withImportRead(
          withSuggestedOrder(defaultContent(parsed.parsedData), true),
          parsed,
        );
      }
      const portfolioName =
        typed ||
        nameFor(
          content.data,
          source.kind === 'scratch' ? null : source.file.name,
          await step('create', listNames),
        );
      const id = await step('create', () =>
        createPortfolio({
          name: portfolioName,
          template: 'modern',
          content,
          ...(resumeId !== undefined ? { resumeId } : {}),
        }),
      );
      return id;
    },
    onSuccess: async (id, { source }) => {
      if (id === null) return;
      toast({ ...successToasts[source.kind], variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.portfolios });
      void refreshUser();
      // an upload is reviewed beside the document before a template is chosen
      await navigate(source.kind === 'upload' ? `/review?id=${id}` : `/template-select?id=${id}`);
    },
    onError: (err) => {
      showError(err);
      // a parse whose portfolio could not be made has its credit back: the meter shows it
      void refreshUser();
    },
    onSettled: () => {
      setParsePhase('idle');
    },
  });

  return { mutation, parsePhase };
}
