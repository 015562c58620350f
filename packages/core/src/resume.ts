import { z } from 'zod';
import { reviewSchema } from './review.ts';
import {
  capOptions,
  imageField,
  lineField,
  listOf,
  textField,
  urlField,
  utf8Length,
} from './limits.ts';
import { uncertainListSchema } from './uncertain.ts';

/** A list of strings: items trimmed, empty items dropped. */
const stringList = listOf(textField()).default([]);

export const contactSchema = z.object({
  name: lineField().optional(),
  title: lineField().optional(),
  email: lineField().optional(),
  phone: lineField().optional(),
  linkedin: urlField().optional(),
  github: urlField().optional(),
  portfolio: urlField().optional(),
  location: lineField().optional(),
  /** Added field (product.md, Content): the old shape's socialLinks.twitter. */
  twitter: urlField().optional(),
});
export type Contact = z.infer<typeof contactSchema>;

export const educationSchema = z.object({
  institution: lineField().optional(),
  degree: lineField().optional(),
  field_of_study: lineField().optional(),
  dates: lineField().optional(),
  gpa: lineField().optional(),
  courses: stringList.optional(),
  achievements: stringList.optional(),
});
export type Education = z.infer<typeof educationSchema>;

export const experienceSchema = z.object({
  company: lineField().optional(),
  position: lineField().optional(),
  location: lineField().optional(),
  dates: lineField().optional(),
  description: stringList.optional(),
  technologies: stringList.optional(),
  achievements: stringList.optional(),
});
export type Experience = z.infer<typeof experienceSchema>;

export const projectSchema = z.object({
  name: lineField().optional(),
  url: urlField().optional(),
  features: stringList.optional(),
  description: stringList.optional(),
  technologies: stringList.optional(),
  dates: lineField().optional(),
  status: lineField().optional(),
  /** Added field: the old shape's projects.image. */
  image: imageField().optional(),
});
export type Project = z.infer<typeof projectSchema>;

export const skillsSchema = z.object({
  technical: stringList.optional(),
  soft: stringList.optional(),
  tools: stringList.optional(),
  certifications: stringList.optional(),
});
export type Skills = z.infer<typeof skillsSchema>;

export const publicationSchema = z.object({
  title: textField().optional(),
  venue: lineField().optional(),
  url: urlField().optional(),
});
export type Publication = z.infer<typeof publicationSchema>;

/** Volunteering: shaped like work experience, so an entry can move between the two. */
export const volunteeringSchema = z.object({
  organisation: lineField().optional(),
  role: lineField().optional(),
  location: lineField().optional(),
  dates: lineField().optional(),
  description: stringList.optional(),
});
export type Volunteering = z.infer<typeof volunteeringSchema>;

/** One entry of a custom section: any of a title, a subtitle, a date and lines of text. */
export const customEntrySchema = z.object({
  title: lineField().optional(),
  subtitle: lineField().optional(),
  date: lineField().optional(),
  description: stringList.optional(),
});
export type CustomEntry = z.infer<typeof customEntrySchema>;

/**
 * A section of a kind Folio has no block of its own for (ADR 46): a heading the
 * user names and entries. The parser makes one for each section it cannot place, and the editor
 * adds, renames and deletes them. All custom sections show together, where `custom` stands in the
 * section order.
 */
export const customSectionSchema = z.object({
  title: lineField().default(''),
  entries: listOf(customEntrySchema).default([]),
});
export type CustomSection = z.infer<typeof customSectionSchema>;

/** Largest `jsonResume` passthrough, as JSON (UTF-8 bytes). */
export const MAX_JSON_RESUME_BYTES = 128 * 1024;
const MAX_JSON_RESUME_DEPTH = 16;

/** Depth of nested arrays and objects (0 for a scalar), counted without recursion. */
function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    deepest = Math.max(deepest, d + 1);
    if (deepest > MAX_JSON_RESUME_DEPTH) return deepest;
    for (const x of Object.values(v)) stack.push([x, d + 1]);
  }
  return deepest;
}

/**
 * The parts of an imported JSON Resume that no template shows (interests, references, award
 * dates, other profiles, exact ISO dates…), kept so the export gives them back unchanged. Only
 * packages/parser's json-resume.ts reads and writes it; nothing renders it. Any JSON object.
 */
export const jsonResumePassthroughSchema = z
  .record(z.string(), z.unknown())
  .refine((v) => jsonDepth(v) <= MAX_JSON_RESUME_DEPTH, 'Too deeply nested')
  .pipe(z.record(z.string(), z.json()))
  .refine(
    (v) => utf8Length(JSON.stringify(v)) <= MAX_JSON_RESUME_BYTES,
    capOptions(
      `Too large: the imported JSON Resume fields Folio does not show can be at most ${MAX_JSON_RESUME_BYTES / 1024} KB`,
    ),
  );

/**
 * The resume-parsed content (product.md, Content): every field optional. The old free-form
 * `customSections` is not part of it (ADR 0023): stored content that has it loads, and the field
 * is dropped. Sections of other kinds live in `custom` (ADR 46).
 */
export const resumeDataSchema = z.object({
  contact: contactSchema.optional(),
  summary: textField().optional(),
  education: listOf(educationSchema).optional(),
  experience: listOf(experienceSchema).optional(),
  projects: listOf(projectSchema).optional(),
  skills: skillsSchema.optional(),
  awards: stringList.optional(),
  verbal_languages: stringList.optional(),
  publications: listOf(publicationSchema).optional(),
  extracurricular: stringList.optional(),
  volunteering: listOf(volunteeringSchema).optional(),
  custom: listOf(customSectionSchema).optional(),
  /** What a JSON Resume import carried that Folio does not show: see jsonResumePassthroughSchema. */
  jsonResume: jsonResumePassthroughSchema.optional(),
});
export type ResumeData = z.infer<typeof resumeDataSchema>;

export const defaultResumeData: ResumeData = {};

/** Largest resume or image upload (product.md, Constants). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** POST /api/parse-resume (product.md, API): the file as base64. */
export const parseResumeInputSchema = z.object({
  filename: z.string().trim().min(1).max(255),
  fileContent: z
    .string()
    .min(1, 'Please choose a file')
    // base64 of 5 MB, plus an optional data-URL prefix
    .max(Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 200, 'File size must be less than 5MB'),
});
export type ParseResumeInput = z.infer<typeof parseResumeInputSchema>;

export const parseResumeResponseSchema = z.object({
  parsedData: resumeDataSchema,
  resumeId: z.number().int(),
  /** Credits left after this parse; null when unlimited. */
  credits: z.number().int().nullable(),
  /** Fields and entries of parsedData the parser is unsure of ("Check this"). */
  uncertain: uncertainListSchema.default([]),
  /** The document's text in reading order, for reviewing a Word file beside what was read. */
  documentText: z.string().max(200_000).optional(),
  /** The parser's account of the read: document confidence, marks and where values came from. */
  review: reviewSchema.optional(),
});
export type ParseResumeResponse = z.infer<typeof parseResumeResponseSchema>;
