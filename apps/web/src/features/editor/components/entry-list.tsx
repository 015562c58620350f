import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { move } from '../utils/string-list.ts';
import { CheckThisNote } from './check-this.tsx';

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
  const set = (index: number, next: T) => onChange(list.map((x, i) => (i === index ? next : x)));
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      {list.map((item, i) => {
        const name = title(item, i);
        return (
          <fieldset
            // Entries have no id; position is their identity while editing.
            key={i}
            className="grid min-w-0 grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-slate-50/60 p-3 sm:p-4"
          >
            <legend className="sr-only">{name}</legend>
            <div className="flex items-center justify-between gap-2">
              <p
                className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900"
                title={name}
                aria-hidden
              >
                {name}
              </p>
              <div className="flex shrink-0 gap-1">
                <Tooltip label={`Move ${name} up`}>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="px-2"
                    disabled={i === 0}
                    onClick={() => onChange(move(list, i, i - 1))}
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
                    onClick={() => onChange(move(list, i, i + 1))}
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
        );
      })}
      <Button variant="outline" className="w-fit" onClick={() => onChange([...list, create()])}>
        <Plus className="size-4" aria-hidden />
        Add {noun}
      </Button>
    </div>
  );
}
