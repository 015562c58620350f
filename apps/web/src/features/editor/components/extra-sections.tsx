import { useRef } from 'react';
import type { CustomEntry, CustomSection, Volunteering } from '@folio/core';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { EntryList } from './entry-list.tsx';
import { StringListField, TextField } from './fields.tsx';

/** Two columns of fields when the card is wide enough (28rem), one otherwise. */
const grid2 = 'grid grid-cols-1 gap-4 @md:grid-cols-2';

/** Volunteering entries, edited like experience. */
export function VolunteeringList({
  items,
  onChange,
}: {
  items: readonly Volunteering[] | undefined;
  onChange: (items: Volunteering[]) => void;
}) {
  return (
    <EntryList
      noun="volunteering"
      path="volunteering"
      items={items}
      onChange={onChange}
      create={(): Volunteering => ({ description: [] })}
      title={(v, i) =>
        [v.role, v.organisation].filter(Boolean).join(' at ') || `Volunteering ${i + 1}`
      }
    >
      {(v, change, i) => (
        <>
          <div className={grid2}>
            <TextField
              label="Role"
              value={v.role}
              path={`volunteering/${i}/role`}
              onChange={(x) => change({ ...v, role: x })}
            />
            <TextField
              label="Organisation"
              value={v.organisation}
              path={`volunteering/${i}/organisation`}
              onChange={(x) => change({ ...v, organisation: x })}
            />
            <TextField
              label="Location"
              value={v.location}
              path={`volunteering/${i}/location`}
              onChange={(x) => change({ ...v, location: x })}
            />
            <TextField
              label="Dates"
              placeholder="2021 – Present"
              value={v.dates}
              path={`volunteering/${i}/dates`}
              onChange={(x) => change({ ...v, dates: x })}
            />
          </div>
          <StringListField
            label="Description bullets"
            items={v.description}
            path={`volunteering/${i}/description`}
            onChange={(x) => change({ ...v, description: x })}
          />
        </>
      )}
    </EntryList>
  );
}

/**
 * Custom sections (ADR 46): each a title the user names and entries. Deleting
 * one says so with an Undo that puts it back where it was.
 */
export function CustomSectionsEditor({
  items,
  onChange,
}: {
  items: readonly CustomSection[] | undefined;
  onChange: (items: CustomSection[]) => void;
}) {
  const list = items ?? [];
  // Undo restores into the list as it is then, not as it was when the toast opened.
  const latest = useRef(list);
  latest.current = list;
  const set = (index: number, next: CustomSection) =>
    onChange(list.map((s, i) => (i === index ? next : s)));

  const remove = (index: number) => {
    const removed = list[index]!;
    onChange(list.filter((_, i) => i !== index));
    const name = removed.title.trim() || 'Untitled section';
    toast({
      title: 'Section deleted',
      description: `“${name}” is no longer on your resume.`,
      action: {
        label: 'Undo',
        onClick: () => {
          const now = [...latest.current];
          now.splice(Math.min(index, now.length), 0, removed);
          onChange(now);
        },
      },
    });
  };

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      {list.map((section, i) => {
        const name = section.title.trim() || `Custom section ${i + 1}`;
        return (
          <fieldset
            // Sections have no id; position is their identity while editing.
            key={i}
            className="grid min-w-0 grid-cols-1 gap-4 rounded-xl border border-slate-200 p-3 sm:p-4"
            data-testid="custom-section"
          >
            <legend className="sr-only">{name}</legend>
            <div className="flex items-end gap-2">
              <div className="min-w-0 flex-1">
                <TextField
                  label="Section title"
                  placeholder="Hobbies, Talks, Patents…"
                  value={section.title}
                  path={`custom/${i}/title`}
                  onChange={(title) => set(i, { ...section, title })}
                />
              </div>
              <Button
                variant="dangerGhost"
                size="sm"
                onClick={() => remove(i)}
                aria-label={`Delete section ${name}`}
              >
                <Trash2 className="size-4" aria-hidden />
                <span className="hidden @md:inline">Delete section</span>
              </Button>
            </div>
            <EntryList
              noun="entry"
              path={`custom/${i}/entries`}
              items={section.entries}
              onChange={(entries) => set(i, { ...section, entries })}
              create={(): CustomEntry => ({ description: [] })}
              title={(e, j) => e.title || e.subtitle || `${name}: entry ${j + 1}`}
            >
              {(e, change, j) => (
                <>
                  <div className={grid2}>
                    <TextField
                      label="Title"
                      value={e.title}
                      path={`custom/${i}/entries/${j}/title`}
                      onChange={(x) => change({ ...e, title: x })}
                    />
                    <TextField
                      label="Subtitle"
                      value={e.subtitle}
                      path={`custom/${i}/entries/${j}/subtitle`}
                      onChange={(x) => change({ ...e, subtitle: x })}
                    />
                    <TextField
                      label="Date"
                      value={e.date}
                      path={`custom/${i}/entries/${j}/date`}
                      onChange={(x) => change({ ...e, date: x })}
                    />
                  </div>
                  <StringListField
                    label="Text"
                    items={e.description}
                    path={`custom/${i}/entries/${j}/description`}
                    onChange={(x) => change({ ...e, description: x })}
                  />
                </>
              )}
            </EntryList>
          </fieldset>
        );
      })}
      <Button
        variant="outline"
        className="w-fit"
        onClick={() => onChange([...list, { title: '', entries: [{ description: [] }] }])}
      >
        <Plus className="size-4" aria-hidden />
        Add a custom section
      </Button>
    </div>
  );
}
