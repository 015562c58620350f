import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, Combine, Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import {
  entrySectionLabels,
  entrySections,
  mergeEntries,
  moveEntryToSection,
  type EntrySection,
} from '../utils/content-edits.ts';
import { move } from '../utils/string-list.ts';
import { useEdit } from './edit-context.tsx';
import { CheckThisNote } from './check-this.tsx';
import { SortableRow, SortableRows } from './sortable-rows.tsx';
import { cn } from '../../../lib/cn.ts';

/** A list of entries (jobs, schools, projects…) with add, remove and reorder. */
export function EntryList<T>({
  noun,
  items,
  onChange,
  create,
  title,
  children,
  path,
}: {
  /** "experience", "education"… for button labels. */
  noun: string;
  items: readonly T[] | undefined;
  onChange: (items: T[]) => void;
  create: () => T;
  /** A short name of an entry, for its heading and its buttons' labels. */
  title: (item: T, index: number) => string;
  children: (item: T, change: (next: T) => void, index: number) => ReactNode;
  /** Where the list is in the resume data ("experience"), for "Check this" on an entry. */
  path?: string;
}) {
  const list = items ?? [];
  const editing = useEdit();
  const section = path?.split('/')[0] as EntrySection | undefined;
  // Structural edits reach the whole content; only lists of entry sections offer them.
  const structural =
    !!editing?.structural && !!path && !!section && entrySections.includes(section);
  const targets = entrySections.filter((s) => s !== section);
  const reorder = (from: number, to: number, name: string) => {
    onChange(move(list, from, to));
    editing?.announce(`${name} moved to position ${to + 1} of ${list.length}`);
  };
  const set = (index: number, next: T) => onChange(list.map((x, i) => (i === index ? next : x)));
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <SortableRows
        count={list.length}
        onMove={(from, to) => reorder(from, to, title(list[from]!, from))}
      >
        {list.map((item, i) => {
          const name = title(item, i);
          return (
            // Entries have no id; position is their identity while editing.
            <SortableRow key={i} index={i} label={name}>
              {(row) => (
                <fieldset
                  ref={row.ref}
                  style={row.style}
                  className={cn(
                    'grid min-w-0 grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-slate-50/60 p-3 sm:p-4',
                    row.className,
                  )}
                >
                  <legend className="sr-only">{name}</legend>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    {row.handle}
                    <p
                      className="min-w-40 flex-1 truncate text-sm font-semibold text-slate-900"
                      title={name}
                      aria-hidden
                    >
                      {name}
                    </p>
                    <div className="flex shrink-0 flex-wrap justify-end gap-1">
                      {structural ? (
                        <select
                          aria-label={`Move ${name} to another section`}
                          value=""
                          onChange={(e) => {
                            const to = e.target.value as EntrySection;
                            editing.edit(
                              (c) => moveEntryToSection(c, path, i, to).content,
                              `Moved to ${entrySectionLabels[to]}`,
                            );
                          }}
                          className="h-9 max-w-32 cursor-pointer rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-700 hover:border-slate-400 focus-visible:outline-2 focus-visible:outline-brand-600"
                        >
                          <option value="" disabled>
                            Move to…
                          </option>
                          {targets.map((t) => (
                            <option key={t} value={t}>
                              {entrySectionLabels[t]}
                            </option>
                          ))}
                        </select>
                      ) : null}
                      {structural && i < list.length - 1 ? (
                        <Tooltip label={`Merge ${name} with the next entry`}>
                          <Button
                            variant="ghost"
                            size="sm"
                            className="px-2"
                            onClick={() =>
                              editing.edit(
                                (c) => mergeEntries(c, path, i),
                                'Merged with the next entry',
                              )
                            }
                            aria-label={`Merge ${name} with the next entry`}
                          >
                            <Combine className="size-4" aria-hidden />
                          </Button>
                        </Tooltip>
                      ) : null}
                      <Tooltip label={`Move ${name} up`}>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="px-2"
                          disabled={i === 0}
                          onClick={() => reorder(i, i - 1, name)}
                          aria-label={`Move ${name} up`}
                        >
                          <ArrowUp className="size-4" aria-hidden />
                        </Button>
                      </Tooltip>
                      <Tooltip label={`Move ${name} down`}>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="px-2"
                          disabled={i === list.length - 1}
                          onClick={() => reorder(i, i + 1, name)}
                          aria-label={`Move ${name} down`}
                        >
                          <ArrowDown className="size-4" aria-hidden />
                        </Button>
                      </Tooltip>
                      <Tooltip label={`Remove ${name}`}>
                        <Button
                          variant="dangerGhost"
                          size="sm"
                          className="px-2"
                          onClick={() => onChange(list.filter((_, j) => j !== i))}
                          aria-label={`Remove ${name}`}
                        >
                          <Trash2 className="size-4" aria-hidden />
                        </Button>
                      </Tooltip>
                    </div>
                  </div>
                  <CheckThisNote path={path && `${path}/${i}`} label={name} />
                  {children(item, (next) => set(i, next), i)}
                </fieldset>
              )}
            </SortableRow>
          );
        })}
      </SortableRows>
      <Button variant="outline" className="w-fit" onClick={() => onChange([...list, create()])}>
        <Plus className="size-4" aria-hidden />
        Add {noun}
      </Button>
    </div>
  );
}
