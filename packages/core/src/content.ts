import { z } from 'zod';
import { AppError } from './errors.ts';
import {
  contentTooLargeMessage,
  imageField,
  lineField,
  MAX_CONTENT_BYTES,
  styleField,
  textField,
  utf8Length,
  withoutCaps,
} from './limits.ts';
import { resumeDataSchema, type ResumeData } from './resume.ts';
import { cleanJson } from './text.ts';
import { confirmUncertain, uncertainAfterEdit, uncertainListSchema } from './uncertain.ts';

/** Section keys, in their default order (docs/product.md, Content). */
export const sectionKeys = [
  'contact',
  'summary',
  'education',
  'experience',
  'projects',
  'skills',
  'extracurricular',
  'awards',
  'publications',
  'languages',
  'volunteering',
  'custom',
] as const;
export const sectionKeySchema = z.enum(sectionKeys);
export type SectionKey = z.infer<typeof sectionKeySchema>;

export const fontFamilies = ['Sans Serif', 'Serif', 'Monospace'] as const;

const nullable = (s: z.ZodString) => s.nullable().optional();

export const globalStylesSchema = z.object({
  fontFamily: styleField().optional(),
  fontSize: styleField().optional(),
  lineHeight: styleField().optional(),
  theme: styleField().optional(),
  backgroundColor: styleField().optional(),
  textColor: styleField().optional(),
});

export const sectionStyleSchema = z.object({
  backgroundColor: nullable(styleField()),
  textColor: nullable(styleField()),
  iconUrl: nullable(imageField()),
  customClass: nullable(styleField()),
});

export const stylesSchema = z.object({
  global: globalStylesSchema.default({}),
  sections: z.record(styleField(), sectionStyleSchema).default({}),
});
export type Styles = z.infer<typeof stylesSchema>;

/** An import's read as the portfolio keeps it (verdict.ts). */
export const importReadSchema = z.object({
  /** The parser's confidence in the whole read (0–1); absent when the read had none. */
  confidence: z.number().min(0).max(1).optional(),
  /** The user answered the verdict: kept what was found, or started from scratch. */
  settled: z.boolean().optional(),
});
export type ImportRead = z.infer<typeof importReadSchema>;

/**
 * A `settings.layout` is not part of the model (ADR 0023: the template is the layout);
 * stored content that still has it loads, and the field is dropped.
 */
export const settingsSchema = z.object({
  faviconUrl: nullable(imageField()),
  metaTitle: nullable(lineField()),
  metaDescription: nullable(textField()),
  /** Labelled "Profile Photo" in the UI. */
  ogImage: nullable(imageField()),
  resumeUploadUrl: nullable(imageField()),
  showContactForm: z.boolean().default(false),
  sectionOrder: z.array(sectionKeySchema).default([...sectionKeys]),
  /** "Check this" markers left from an import, until each is edited or confirmed. */
  uncertain: uncertainListSchema.optional(),
  /** How well an import was read, for the review's verdict after a reload (verdict.ts). */
  importRead: importReadSchema.optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** The canonical portfolio content (product.md, Content): what the API stores and returns. */
export const portfolioContentSchema = z.object({
  data: resumeDataSchema.default({}),
  styles: stylesSchema.default({ global: {}, sections: {} }),
  settings: settingsSchema.default({ showContactForm: false, sectionOrder: [...sectionKeys] }),
});
export type PortfolioContent = z.infer<typeof portfolioContentSchema>;

export function defaultContent(data: ResumeData = {}): PortfolioContent {
  return portfolioContentSchema.parse({ data });
}

/**
 * The older simple content shape (product.md, Content). Its `customSections` is not read (ADR 0023, as in
 * resumeDataSchema): content that has it still loads.
 */
export const legacyContentSchema = z.object({
  name: z.string().optional(),
  title: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  location: z.string().optional(),
  about: z.string().optional(),
  socialLinks: z
    .object({
      linkedin: z.string().optional(),
      github: z.string().optional(),
      twitter: z.string().optional(),
      website: z.string().optional(),
    })
    .optional(),
  experience: z
    .array(
      z.object({
        title: z.string().optional(),
        company: z.string().optional(),
        location: z.string().optional(),
        startDate: z.string().optional(),
        endDate: z.string().optional(),
        description: z.string().optional(),
      }),
    )
    .optional(),
  education: z
    .array(
      z.object({
        institution: z.string().optional(),
        degree: z.string().optional(),
        location: z.string().optional(),
        graduationDate: z.string().optional(),
      }),
    )
    .optional(),
  skills: z.array(z.string()).optional(),
  projects: z
    .array(
      z.object({
        title: z.string().optional(),
        description: z.string().optional(),
        link: z.string().optional(),
        image: z.string().optional(),
      }),
    )
    .optional(),
});
export type LegacyContent = z.infer<typeof legacyContentSchema>;

const present = (s: string | undefined): s is string => s !== undefined && s.trim() !== '';

/** Converts the old simple shape into canonical content (product.md, Content). */
export function convertLegacyContent(old: LegacyContent): PortfolioContent {
  const links = old.socialLinks ?? {};
  const data: ResumeData = {
    contact: {
      name: old.name,
      title: old.title,
      email: old.email,
      phone: old.phone,
      location: old.location,
      linkedin: links.linkedin,
      github: links.github,
      portfolio: links.website,
      twitter: links.twitter,
    },
    summary: old.about,
    experience: old.experience?.map((e) => ({
      position: e.title,
      company: e.company,
      location: e.location,
      dates: [e.startDate, e.endDate].filter(present).join(' – ') || undefined,
      description: present(e.description) ? [e.description] : [],
    })),
    education: old.education?.map((e) => ({
      institution: e.institution,
      degree: e.degree,
      dates: e.graduationDate,
    })),
    skills: old.skills ? { technical: old.skills } : undefined,
    projects: old.projects?.map((p) => ({
      name: p.title,
      url: p.link,
      image: p.image,
      description: present(p.description) ? [p.description] : [],
    })),
  };
  return defaultContent(JSON.parse(JSON.stringify(data)) as ResumeData);
}

const canonicalKeys = ['data', 'styles', 'settings'];

/** Size of content as JSON (UTF-8 bytes); a string is measured as it is. */
export function contentBytes(input: unknown): number {
  if (typeof input === 'string') return utf8Length(input);
  return utf8Length(JSON.stringify(input ?? null) ?? '');
}

export interface NormalizeOptions {
  /**
   * false for content already stored (read from the database): it is read as stored, even over
   * MAX_CONTENT_BYTES or a field's cap (see withoutCaps). Default true: content being written.
   */
  enforceCaps?: boolean;
}

/**
 * Accepts canonical content, the old simple shape, or either as a JSON string (product.md, Content:
 * "object or JSON string") and returns canonical content. Throws a ZodError when invalid, and a
 * VALIDATION error ("Content too large") over MAX_CONTENT_BYTES, before reading it further.
 */
export function normalizeContent(
  input: unknown,
  { enforceCaps = true }: NormalizeOptions = {},
): PortfolioContent {
  if (!enforceCaps) return withoutCaps(() => readContent(input));
  const bytes = contentBytes(input);
  if (bytes > MAX_CONTENT_BYTES) {
    throw new AppError('VALIDATION', contentTooLargeMessage(bytes), { field: 'content' });
  }
  return readContent(input);
}

function readContent(input: unknown): PortfolioContent {
  let value = input;
  if (typeof value === 'string') value = JSON.parse(value) as unknown;
  value = cleanJson(value);
  if (
    value &&
    typeof value === 'object' &&
    Object.keys(value).some((k) => canonicalKeys.includes(k))
  ) {
    return portfolioContentSchema.parse(value);
  }
  return convertLegacyContent(legacyContentSchema.parse(value ?? {}));
}

/** An optional web address: empty, or a valid URL (product.md, Validation "social links URLs or empty"). */
const optionalUrl = z.union([z.literal(''), z.url('Please enter a valid URL')]);

/**
 * The template editor's Content form, in the old simple shape (product.md, Validation "Editor content form").
 * `toContent` maps it onto canonical content.
 */
export const editorContentFormSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters'),
  title: z.string().trim().min(2, 'Title must be at least 2 characters'),
  email: z.string().trim().pipe(z.email('Please enter a valid email')),
  phone: z.string().trim(),
  location: z.string().trim(),
  about: z.string().trim().min(10, 'About section must be at least 10 characters'),
  socialLinks: z.object({
    linkedin: optionalUrl,
    github: optionalUrl,
    twitter: optionalUrl,
    website: optionalUrl,
  }),
});
export type EditorContentForm = z.infer<typeof editorContentFormSchema>;

/** The Content form's values for canonical content. */
export function editorFormFromContent(content: PortfolioContent): EditorContentForm {
  const c = content.data.contact ?? {};
  return {
    name: c.name ?? '',
    title: c.title ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
    location: c.location ?? '',
    about: content.data.summary ?? '',
    socialLinks: {
      linkedin: c.linkedin ?? '',
      github: c.github ?? '',
      twitter: c.twitter ?? '',
      website: c.portfolio ?? '',
    },
  };
}

/**
 * Applies the Content form onto canonical content (product.md, Content: name→contact.name,
 * title→contact.title, about→summary, socialLinks→contact.linkedin/github/portfolio/twitter);
 * everything else is kept. Empty optional fields are removed.
 */
export function applyEditorForm(
  content: PortfolioContent,
  form: EditorContentForm,
): PortfolioContent {
  const orNone = (s: string) => (s.trim() === '' ? undefined : s.trim());
  const contact = {
    ...content.data.contact,
    name: form.name.trim(),
    title: form.title.trim(),
    email: form.email.trim(),
    phone: orNone(form.phone),
    location: orNone(form.location),
    linkedin: orNone(form.socialLinks.linkedin),
    github: orNone(form.socialLinks.github),
    twitter: orNone(form.socialLinks.twitter),
    portfolio: orNone(form.socialLinks.website),
  };
  for (const key of Object.keys(contact) as (keyof typeof contact)[]) {
    if (contact[key] === undefined) delete contact[key];
  }
  return { ...content, data: { ...content.data, contact, summary: form.about.trim() } };
}

/**
 * Content with its resume data replaced by an editor's `data`: "Check this" markers on what was
 * edited go, markers on reordered entries follow them (uncertainAfterEdit).
 */
export function withResumeData(content: PortfolioContent, data: ResumeData): PortfolioContent {
  const settings = withNewSectionsShown(content.settings, content.data, data);
  const markers = settings.uncertain;
  if (!markers?.length) return { ...content, data, settings };
  const uncertain = uncertainAfterEdit(markers, content.data, data);
  return { ...content, data, settings: { ...settings, uncertain } };
}

/** Sections added to the model after orders were stored (ADR 46). */
const laterSections = ['volunteering', 'custom'] as const;

/**
 * An order stored before volunteering and custom sections existed lacks them, and a section out
 * of the order is not shown: the first entry the user adds to one puts it at the end of the order.
 */
function withNewSectionsShown(settings: Settings, before: ResumeData, after: ResumeData): Settings {
  const added = laterSections.filter(
    (key) => !settings.sectionOrder.includes(key) && !before[key]?.length && !!after[key]?.length,
  );
  return added.length
    ? { ...settings, sectionOrder: [...settings.sectionOrder, ...added] }
    : settings;
}

/** Content with the "Check this" marker on `path` confirmed ("Looks right"): it goes. */
export function confirmUncertainField(content: PortfolioContent, path: string): PortfolioContent {
  const uncertain = confirmUncertain(content.settings.uncertain ?? [], path);
  return { ...content, settings: { ...content.settings, uncertain } };
}
