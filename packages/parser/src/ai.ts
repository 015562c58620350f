/**
 * Optional AI pass: the extracted text goes to an OpenAI-compatible chat completions endpoint
 * with a JSON schema; the answer is validated and merged into the built-in result, keeping only
 * values whose text occurs in the document. Any failure falls back to the built-in result.
 */
import { resumeDataSchema, type ResumeData } from '@folio/core';
import { z } from 'zod';

export interface AiOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Longest wait for the answer (default AI_TIMEOUT_MS). */
  timeoutMs?: number;
}

/**
 * Default wait for the endpoint's answer: with the built-in parse (well under a second for a
 * resume) the user has an answer within the parse's 10 s limit even when the endpoint is slow.
 */
export const AI_TIMEOUT_MS = 8_000;

const str = { type: 'string' };
const strList = { type: 'array', items: str };
const obj = (props: Record<string, unknown>) => ({
  type: 'object',
  properties: props,
  additionalProperties: false,
});

/** JSON schema sent to the model (a subset of the resume-parsed shape; every field optional). */
export const AI_JSON_SCHEMA = obj({
  contact: obj({
    name: str,
    title: str,
    email: str,
    phone: str,
    linkedin: str,
    github: str,
    portfolio: str,
    location: str,
  }),
  summary: str,
  education: {
    type: 'array',
    items: obj({
      institution: str,
      degree: str,
      field_of_study: str,
      dates: str,
      gpa: str,
      courses: strList,
      achievements: strList,
    }),
  },
  experience: {
    type: 'array',
    items: obj({
      company: str,
      position: str,
      location: str,
      dates: str,
      description: strList,
      technologies: strList,
    }),
  },
  projects: {
    type: 'array',
    items: obj({ name: str, url: str, description: strList, technologies: strList, dates: str }),
  },
  skills: obj({ technical: strList, soft: strList, tools: strList, certifications: strList }),
  awards: strList,
  verbal_languages: strList,
  publications: { type: 'array', items: obj({ title: str, venue: str, url: str }) },
  extracurricular: strList,
});

const PROMPT =
  'Extract the resume below into JSON. Copy every value exactly as printed; never add anything that is not in the text. One experience entry per role. Leave out what is absent.';

const completionSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable().optional() }) }))
    .min(1),
});

/** The endpoint's answer, or undefined on any failure, on its timeout or when `signal` aborts. */
export async function callAi(
  text: string,
  ai: AiOptions,
  signal?: AbortSignal,
): Promise<ResumeData | undefined> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), ai.timeoutMs ?? AI_TIMEOUT_MS);
  const cancel = () => ctrl.abort();
  if (signal?.aborted) return undefined;
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    const res = await fetch(`${ai.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(ai.apiKey ? { authorization: `Bearer ${ai.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: ai.model,
        temperature: 0,
        messages: [
          { role: 'system', content: PROMPT },
          { role: 'user', content: text.slice(0, 60_000) },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'resume', strict: false, schema: AI_JSON_SCHEMA },
        },
      }),
      signal: ctrl.signal,
    });
    if (!res.ok) return undefined;
    const body = completionSchema.safeParse(await res.json());
    const content = body.success ? body.data.choices[0]?.message.content : undefined;
    if (!content) return undefined;
    const parsed = resumeDataSchema.safeParse(
      JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, '')),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

const squash = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

/** Keep only strings that occur in the document (whitespace and case normalised). */
export function groundIn(data: unknown, docText: string): unknown {
  const hay = squash(docText);
  const hayNoSpace = hay.replace(/\s/g, '');
  const occurs = (s: string) => {
    const n = squash(s);
    return n !== '' && (hay.includes(n) || hayNoSpace.includes(n.replace(/\s/g, '')));
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return occurs(v) ? v : undefined;
    if (Array.isArray(v))
      return v
        .map(walk)
        .filter(
          (x) =>
            x !== undefined &&
            !(typeof x === 'object' && x !== null && Object.keys(x).length === 0),
        );
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        const w = walk(x);
        if (w === undefined) continue;
        if (Array.isArray(w) && w.length === 0) continue;
        if (typeof w === 'object' && w !== null && !Array.isArray(w) && Object.keys(w).length === 0)
          continue;
        out[k] = w;
      }
      return out;
    }
    return undefined;
  };
  return walk(data);
}

/**
 * Merge: the AI result (grounded) fills fields the built-in result lacks; lists of entries come
 * from whichever side found more entries.
 */
export function mergeResults(base: ResumeData, ai: ResumeData, docText: string): ResumeData {
  const g = resumeDataSchema.safeParse(groundIn(ai, docText));
  if (!g.success) return base;
  const a = g.data;
  const out: ResumeData = { ...base };
  out.contact = { ...(a.contact ?? {}), ...(base.contact ?? {}) };
  if (!Object.keys(out.contact).length) delete out.contact;
  if (!out.summary && a.summary) out.summary = a.summary;
  const listKeys = [
    'education',
    'experience',
    'projects',
    'awards',
    'verbal_languages',
    'publications',
    'extracurricular',
  ] as const;
  for (const k of listKeys) {
    const b = base[k] as unknown[] | undefined;
    const x = a[k] as unknown[] | undefined;
    if (x && x.length > (b?.length ?? 0)) (out as Record<string, unknown>)[k] = x;
  }
  if (a.skills) {
    out.skills = { ...(base.skills ?? {}) };
    for (const k of ['technical', 'soft', 'tools', 'certifications'] as const) {
      const merged = [...(base.skills?.[k] ?? [])];
      for (const s of a.skills[k] ?? [])
        if (!merged.some((m) => squash(m) === squash(s))) merged.push(s);
      if (merged.length) out.skills[k] = merged;
    }
  }
  return out;
}
