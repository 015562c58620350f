import type { ReactNode } from 'react';
import type {
  Contact,
  PortfolioContent,
  Publication,
  ResumeData,
  Skills,
  UncertainField,
} from '@folio/core';
import { cn } from '../../../lib/cn.ts';
import { moveSkill, splitEntry, type EntrySection } from '../utils/content-edits.ts';
import { EditProvider, useEdit } from './edit-context.tsx';
import { CheckThisNote, CheckThisProvider, useCheckThis } from './check-this.tsx';
import { EntryList } from './entry-list.tsx';
import { CustomSectionsEditor, VolunteeringList } from './extra-sections.tsx';
import { StringListField, TextAreaField, TextField } from './fields.tsx';

function Section({
  title,
  description,
  path,
  children,
}: {
  title: string;
  description?: string;
  /** Where the section is in the resume data ("experience"), for "Check this" on the whole section. */
  path?: string;
  children: ReactNode;
}) {
  const { marker } = useCheckThis(path);
  return (
    // A size container: its fields lay out by the card's width, not the window's, and nothing in
    // it can widen the page (a long entry heading truncates instead).
    <section
      aria-label={title}
      data-check-this={marker ? '' : undefined}
      className={cn(
        '@container min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6',
        marker && 'border-amber-400 ring-2 ring-amber-400/30',
      )}
    >
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {marker ? (
        <div className="mt-2">
          <CheckThisNote path={path} label={title} />
        </div>
      ) : null}
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4 grid grid-cols-1 gap-4">{children}</div>
    </section>
  );
}

/** Two columns of fields when the card is wide enough (28rem), one otherwise. */
const grid2 = 'grid grid-cols-1 gap-4 @md:grid-cols-2';

const contactFields: { key: keyof Contact; label: string; type?: 'email' | 'tel' | 'url' }[] = [
  { key: 'name', label: 'Full Name' },
  { key: 'title', label: 'Professional Title' },
  { key: 'email', label: 'Email', type: 'email' },
  { key: 'phone', label: 'Phone', type: 'tel' },
  { key: 'location', label: 'Location' },
  { key: 'portfolio', label: 'Website', type: 'url' },
  { key: 'linkedin', label: 'LinkedIn', type: 'url' },
  { key: 'github', label: 'GitHub', type: 'url' },
  { key: 'twitter', label: 'Twitter / X', type: 'url' },
];

const skillFields: { key: keyof Skills; label: string }[] = [
  { key: 'technical', label: 'Technical skills' },
  { key: 'soft', label: 'Soft skills' },
  { key: 'tools', label: 'Tools' },
  { key: 'certifications', label: 'Certifications' },
];

/**
 * Every field of the parsed resume shape (product.md, Content), edited in place. With `uncertain` and
 * `onConfirm`, fields and entries the parser was unsure of carry a "Check this" note.
 */
export function ResumeEditor({
  uncertain,
  onConfirm,
  onEdit,
  onUndo,
  canUndo,
  ...props
}: {
  data: ResumeData;
  onChange: (next: ResumeData) => void;
  uncertain?: readonly UncertainField[];
  onConfirm?: (path: string) => void;
  /** Edits of the whole content (an entry moved to another section, merged, split). */
  onEdit?: (change: (content: PortfolioContent) => PortfolioContent) => void;
  onUndo?: () => void;
  canUndo?: boolean;
}) {
  return (
    <CheckThisProvider uncertain={uncertain} onConfirm={onConfirm}>
      <EditProvider onEdit={onEdit} onUndo={onUndo} canUndo={canUndo}>
        <ResumeFields {...props} />
      </EditProvider>
    </CheckThisProvider>
  );
}

/** "Split the entry before this bullet", where edits can reach the whole content. */
function useSplit() {
  const editing = useEdit();
  return (section: EntrySection, index: number) =>
    editing?.structural
      ? (at: number) =>
          editing.edit((c) => splitEntry(c, section, index, at), 'Split into two entries')
      : undefined;
}

function ResumeFields({
  data,
  onChange,
}: {
  data: ResumeData;
  onChange: (next: ResumeData) => void;
}) {
  const set = <K extends keyof ResumeData>(key: K, value: ResumeData[K]) =>
    onChange({ ...data, [key]: value });
  const contact = data.contact ?? {};
  const skills = data.skills ?? {};
  const split = useSplit();

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <Section title="Contact" path="contact">
        <div className={grid2}>
          {contactFields.map((f) => (
            <TextField
              key={f.key}
              label={f.label}
              type={f.type}
              value={contact[f.key]}
              path={`contact/${f.key}`}
              onChange={(v) => set('contact', { ...contact, [f.key]: v })}
            />
          ))}
        </div>
      </Section>

      <Section title="Summary">
        <TextAreaField
          label="About you"
          rows={5}
          value={data.summary}
          path="summary"
          onChange={(v) => set('summary', v)}
        />
      </Section>

      <Section title="Experience" path="experience">
        <EntryList
          noun="experience"
          path="experience"
          items={data.experience}
          onChange={(v) => set('experience', v)}
          create={() => ({ description: [], technologies: [], achievements: [] })}
          title={(e, i) =>
            [e.position, e.company].filter(Boolean).join(' at ') || `Experience ${i + 1}`
          }
        >
          {(e, change, i) => (
            <>
              <div className={grid2}>
                <TextField
                  label="Position"
                  value={e.position}
                  path={`experience/${i}/position`}
                  onChange={(v) => change({ ...e, position: v })}
                />
                <TextField
                  label="Company"
                  value={e.company}
                  path={`experience/${i}/company`}
                  onChange={(v) => change({ ...e, company: v })}
                />
                <TextField
                  label="Location"
                  value={e.location}
                  path={`experience/${i}/location`}
                  onChange={(v) => change({ ...e, location: v })}
                />
                <TextField
                  label="Dates"
                  placeholder="2021 – Present"
                  value={e.dates}
                  path={`experience/${i}/dates`}
                  onChange={(v) => change({ ...e, dates: v })}
                />
              </div>
              <StringListField
                label="Description bullets"
                items={e.description}
                path={`experience/${i}/description`}
                onSplit={split('experience', i)}
                onChange={(v) => change({ ...e, description: v })}
              />
              <StringListField
                label="Technologies"
                chips
                unique
                items={e.technologies}
                path={`experience/${i}/technologies`}
                onChange={(v) => change({ ...e, technologies: v })}
              />
              <StringListField
                label="Achievements"
                items={e.achievements}
                path={`experience/${i}/achievements`}
                onChange={(v) => change({ ...e, achievements: v })}
              />
            </>
          )}
        </EntryList>
      </Section>

      <Section title="Education" path="education">
        <EntryList
          noun="education"
          path="education"
          items={data.education}
          onChange={(v) => set('education', v)}
          create={() => ({ courses: [], achievements: [] })}
          title={(e, i) => e.institution || e.degree || `Education ${i + 1}`}
        >
          {(e, change, i) => (
            <>
              <div className={grid2}>
                <TextField
                  label="Institution"
                  value={e.institution}
                  path={`education/${i}/institution`}
                  onChange={(v) => change({ ...e, institution: v })}
                />
                <TextField
                  label="Degree"
                  value={e.degree}
                  path={`education/${i}/degree`}
                  onChange={(v) => change({ ...e, degree: v })}
                />
                <TextField
                  label="Field of study"
                  value={e.field_of_study}
                  path={`education/${i}/field_of_study`}
                  onChange={(v) => change({ ...e, field_of_study: v })}
                />
                <TextField
                  label="Dates"
                  value={e.dates}
                  path={`education/${i}/dates`}
                  onChange={(v) => change({ ...e, dates: v })}
                />
                <TextField
                  label="GPA"
                  value={e.gpa}
                  path={`education/${i}/gpa`}
                  onChange={(v) => change({ ...e, gpa: v })}
                />
              </div>
              <StringListField
                label="Courses"
                chips
                unique
                items={e.courses}
                path={`education/${i}/courses`}
                onChange={(v) => change({ ...e, courses: v })}
              />
              <StringListField
                label="Achievements"
                items={e.achievements}
                path={`education/${i}/achievements`}
                onChange={(v) => change({ ...e, achievements: v })}
              />
            </>
          )}
        </EntryList>
      </Section>

      <Section title="Projects" path="projects">
        <EntryList
          noun="project"
          path="projects"
          items={data.projects}
          onChange={(v) => set('projects', v)}
          create={() => ({ description: [], features: [], technologies: [] })}
          title={(p, i) => p.name || `Project ${i + 1}`}
        >
          {(p, change, i) => (
            <>
              <div className={grid2}>
                <TextField
                  label="Project name"
                  value={p.name}
                  path={`projects/${i}/name`}
                  onChange={(v) => change({ ...p, name: v })}
                />
                <TextField
                  label="Link"
                  type="url"
                  value={p.url}
                  path={`projects/${i}/url`}
                  onChange={(v) => change({ ...p, url: v })}
                />
                <TextField
                  label="Dates"
                  value={p.dates}
                  path={`projects/${i}/dates`}
                  onChange={(v) => change({ ...p, dates: v })}
                />
                <TextField
                  label="Status"
                  placeholder="Live, In progress…"
                  value={p.status}
                  path={`projects/${i}/status`}
                  onChange={(v) => change({ ...p, status: v })}
                />
              </div>
              <StringListField
                label="Description"
                items={p.description}
                path={`projects/${i}/description`}
                onSplit={split('projects', i)}
                onChange={(v) => change({ ...p, description: v })}
              />
              <StringListField
                label="Features"
                items={p.features}
                path={`projects/${i}/features`}
                onChange={(v) => change({ ...p, features: v })}
              />
              <StringListField
                label="Technologies"
                chips
                unique
                items={p.technologies}
                path={`projects/${i}/technologies`}
                onChange={(v) => change({ ...p, technologies: v })}
              />
            </>
          )}
        </EntryList>
      </Section>

      <Section
        title="Skills"
        path="skills"
        description="Press Enter after each skill. Duplicates are ignored."
      >
        {skillFields.map((f) => (
          <StringListField
            key={f.key}
            label={f.label}
            chips
            unique
            items={skills[f.key]}
            path={`skills/${f.key}`}
            moveTo={skillFields
              .filter((g) => g.key !== f.key)
              .map((g) => ({
                label: g.label,
                onMove: (index: number) => set('skills', moveSkill(skills, f.key, index, g.key)),
              }))}
            onChange={(v) => set('skills', { ...skills, [f.key]: v })}
          />
        ))}
      </Section>

      <Section title="Volunteering">
        <VolunteeringList items={data.volunteering} onChange={(v) => set('volunteering', v)} />
      </Section>

      <Section title="More">
        <StringListField
          label="Awards"
          items={data.awards}
          path="awards"
          onChange={(v) => set('awards', v)}
        />
        <StringListField
          label="Languages"
          chips
          unique
          items={data.verbal_languages}
          path="verbal_languages"
          onChange={(v) => set('verbal_languages', v)}
        />
        <StringListField
          label="Extracurricular"
          items={data.extracurricular}
          path="extracurricular"
          onChange={(v) => set('extracurricular', v)}
        />
      </Section>

      <Section title="Publications" path="publications">
        <EntryList
          noun="publication"
          path="publications"
          items={data.publications}
          onChange={(v) => set('publications', v)}
          create={(): Publication => ({})}
          title={(p, i) => p.title || `Publication ${i + 1}`}
        >
          {(p, change, i) => (
            <div className={grid2}>
              <TextField
                label="Publication title"
                value={p.title}
                path={`publications/${i}/title`}
                onChange={(v) => change({ ...p, title: v })}
              />
              <TextField
                label="Venue"
                value={p.venue}
                path={`publications/${i}/venue`}
                onChange={(v) => change({ ...p, venue: v })}
              />
              <TextField
                label="Publication link"
                type="url"
                value={p.url}
                path={`publications/${i}/url`}
                onChange={(v) => change({ ...p, url: v })}
              />
            </div>
          )}
        </EntryList>
      </Section>

      <Section
        title="Custom sections"
        description="Sections of your own, each with a title and entries. Sections of your resume we could not place are here too: keep, rename or delete them."
      >
        <CustomSectionsEditor items={data.custom} onChange={(v) => set('custom', v)} />
      </Section>
    </div>
  );
}
