/**
 * The gold of a persona: exactly what a perfect parser outputs for any family that renders it,
 * following the real corpus's conventions (corpus/real/README.md): strings as printed, dates
 * verbatim, one experience entry per role, skills split with category labels left out, language
 * names without levels in verbal_languages, certifications under skills, volunteering in
 * extracurricular; interests, references and personal details (birth date, nationality) left out.
 */
import type { ResumeData } from '@folio/core';
import type { Persona } from './persona.ts';

export function goldOf(p: Persona): ResumeData {
  const g: ResumeData = {};
  const contact: NonNullable<ResumeData['contact']> = { name: p.name };
  if (p.title) contact.title = p.title;
  contact.email = p.email;
  contact.phone = p.phone;
  if (p.linkedin) contact.linkedin = p.linkedin;
  if (p.github) contact.github = p.github;
  if (p.portfolio) contact.portfolio = p.portfolio;
  if (p.location) contact.location = p.location;
  g.contact = contact;
  if (p.summary) g.summary = p.summary;
  if (p.education.length)
    g.education = p.education.map((e) => ({
      institution: e.institution,
      degree: e.degree,
      ...(e.field ? { field_of_study: e.field } : {}),
      dates: e.dates,
      ...(e.gpa ? { gpa: e.gpa.value } : {}),
    }));
  if (p.experience.length)
    g.experience = p.experience.map((e) => ({
      company: e.company,
      position: e.position,
      ...(e.location ? { location: e.location } : {}),
      dates: e.dates,
      description: [...e.bullets],
      ...(e.technologies?.length ? { technologies: [...e.technologies] } : {}),
    }));
  if (p.projects.length)
    g.projects = p.projects.map((x) => ({
      name: x.name,
      description: [...x.bullets],
      ...(x.technologies?.length ? { technologies: [...x.technologies] } : {}),
      ...(x.url ? { url: x.url } : {}),
      ...(x.dates ? { dates: x.dates } : {}),
    }));
  const skills: NonNullable<ResumeData['skills']> = {};
  for (const group of p.skills) {
    const key = group.kind;
    skills[key] = [...(skills[key] ?? []), ...group.items];
  }
  if (p.certifications.length) skills.certifications = [...p.certifications];
  if (Object.keys(skills).length) g.skills = skills;
  if (p.awards.length) g.awards = [...p.awards];
  if (p.languages.length) g.verbal_languages = p.languages.map((l) => l.name);
  if (p.publications.length)
    g.publications = p.publications.map((x) => ({ title: x.title, venue: x.venue }));
  if (p.volunteering.length) g.extracurricular = [...p.volunteering];
  return g;
}
