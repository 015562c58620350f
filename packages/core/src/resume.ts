import { z } from 'zod';

/** A list of strings: items trimmed, empty items dropped. */
const stringList = z.array(z.string()).default([]);

export const contactSchema = z.object({
  name: z.string().optional(),
  title: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  linkedin: z.string().optional(),
  github: z.string().optional(),
  portfolio: z.string().optional(),
  location: z.string().optional(),
  /** Added field (decisions "Content"): the old shape's socialLinks.twitter. */
  twitter: z.string().optional(),
});
export type Contact = z.infer<typeof contactSchema>;

export const educationSchema = z.object({
  institution: z.string().optional(),
  degree: z.string().optional(),
  field_of_study: z.string().optional(),
  dates: z.string().optional(),
  gpa: z.string().optional(),
  courses: stringList.optional(),
  achievements: stringList.optional(),
});
export type Education = z.infer<typeof educationSchema>;

export const experienceSchema = z.object({
  company: z.string().optional(),
  position: z.string().optional(),
  location: z.string().optional(),
  dates: z.string().optional(),
  description: stringList.optional(),
  technologies: stringList.optional(),
  achievements: stringList.optional(),
});
export type Experience = z.infer<typeof experienceSchema>;

export const projectSchema = z.object({
  name: z.string().optional(),
  url: z.string().optional(),
  features: stringList.optional(),
  description: stringList.optional(),
  technologies: stringList.optional(),
  dates: z.string().optional(),
  status: z.string().optional(),
  /** Added field: the old shape's projects.image. */
  image: z.string().optional(),
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
  title: z.string().optional(),
  venue: z.string().optional(),
  url: z.string().optional(),
});
export type Publication = z.infer<typeof publicationSchema>;

/** Spec §3 "Resume-parsed content": every field optional. */
export const resumeDataSchema = z.object({
  contact: contactSchema.optional(),
  summary: z.string().optional(),
  education: z.array(educationSchema).optional(),
  experience: z.array(experienceSchema).optional(),
  projects: z.array(projectSchema).optional(),
  skills: skillsSchema.optional(),
  awards: stringList.optional(),
  verbal_languages: stringList.optional(),
  publications: z.array(publicationSchema).optional(),
  extracurricular: stringList.optional(),
  customSections: z.record(z.string(), z.unknown()).optional(),
});
export type ResumeData = z.infer<typeof resumeDataSchema>;

export const defaultResumeData: ResumeData = {};

/** Largest resume or image upload (spec §9). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** POST /api/parse-resume (spec §7): the file as base64. */
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
});
export type ParseResumeResponse = z.infer<typeof parseResumeResponseSchema>;
