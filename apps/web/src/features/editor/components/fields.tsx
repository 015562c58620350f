import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, Plus, Scissors, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { editItem, nudgeItem } from '../utils/content-edits.ts';
import { addItem, move } from '../utils/string-list.ts';
import { SortableRow, SortableRows } from './sortable-rows.tsx';
import { useEdit } from './edit-context.tsx';
import { CheckThisNote, checkThisField, useCheckThis } from './check-this.tsx';
import { ShowInOriginal } from '../../../components/original-source.tsx';

const labelClass = 'text-sm font-medium text-slate-800';

export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  placeholder,
  autoComplete = 'off',
  path,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'url';
  placeholder?: string;
  autoComplete?: string;
  /** Where the value is in the resume data ("experience/0/company"), for "Check this". */
  path?: string;
}) {
  const id = useId();
  const { marker, noteId, focusTarget } = useCheckThis(path);
  return (
    <div
      className="grid min-w-0 gap-1.5"
      data-check-this={marker ? '' : undefined}
      data-source-path={path}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-2">
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <ShowInOriginal path={path} label={label} />
      </div>
      <Input
        id={id}
        {...focusTarget}
        type={type}
        value={value ?? ''}
        placeholder={placeholder}
        autoComplete={autoComplete}
        aria-describedby={noteId}
        className={marker ? checkThisField : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      <CheckThisNote path={path} label={label} noteId={noteId} />
    </div>
  );
}

export function TextAreaField({
  label,
  value,
  onChange,
  rows = 4,
  hint,
  maxLength,
  path,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  rows?: number;
  hint?: ReactNode;
  maxLength?: number;
  /** Where the value is in the resume data, for "Check this". */
  path?: string;
}) {
  const id = useId();
  const { marker, noteId, focusTarget } = useCheckThis(path);
  const describedBy = [hint ? `${id}-hint` : '', noteId ?? ''].filter(Boolean).join(' ');
  return (
    <div
      className="grid min-w-0 gap-1.5"
      data-check-this={marker ? '' : undefined}
      data-source-path={path}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-2">
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <ShowInOriginal path={path} label={label} />
      </div>
      <textarea
        id={id}
        {...focusTarget}
        rows={rows}
        value={value ?? ''}
        maxLength={maxLength}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.target.value)}
        className={cn(
          'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs transition-colors hover:border-slate-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30 sm:text-sm',
          marker && checkThisField,
        )}
      />
      <CheckThisNote path={path} label={label} noteId={noteId} />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A list of short strings (bullets, technologies, skills…): Enter adds the typed item, trimmed;
 * empty items are ignored, and with `unique` so are duplicates (product.md, Validation).
 */
export function StringListField({
  label,
  items,
  onChange,
  unique = false,
  placeholder = 'Type and press Enter',
  chips = false,
  path,
  onSplit,
  moveTo,
}: {
  label: string;
  items: readonly string[] | undefined;
  onChange: (items: string[]) => void;
  unique?: boolean;
  placeholder?: string;
  /** Short items (skills) as chips; long ones (bullets) as a list. */
  chips?: boolean;
  /** Where the list is in the resume data, for "Check this". */
  path?: string;
  /** Splits the entry the list belongs to before item `at` (offered from the second item on). */
  onSplit?: (at: number) => void;
  /** Other lists an item can move to (skill groups). */
  moveTo?: { label: string; onMove: (index: number) => void }[];
}) {
  const id = useId();
  const { marker, noteId } = useCheckThis(path);
  const announce = useEdit()?.announce;
  const [text, setText] = useState('');
  // After a keyboard move the moved item keeps the focus.
  const inputs = useRef<(HTMLTextAreaElement | null)[]>([]);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusAt === null) return;
    inputs.current[focusAt]?.focus();
    setFocusAt(null);
  }, [focusAt]);
  const [note, setNote] = useState('');
  const list = items ?? [];

  const nudge = (i: number, by: -1 | 1, keepFocus: boolean) => {
    const to = i + by;
    if (to < 0 || to >= list.length) return;
    onChange(nudgeItem(list, i, by));
    if (keepFocus) setFocusAt(to);
    announce?.(`Moved to position ${to + 1} of ${list.length} in ${label}`);
  };

  const drop = (from: number, to: number) => {
    onChange(move(list, from, to));
    announce?.(`Moved to position ${to + 1} of ${list.length} in ${label}`);
  };

  const add = () => {
    const next = addItem(list, text, unique);
    if (next) {
      onChange(next);
      setText('');
      setNote('');
    } else if (text.trim()) {
      setNote(`“${text.trim()}” is already in the list.`);
    } else {
      setText('');
    }
  };

  return (
    <div
      className="grid min-w-0 gap-1.5"
      data-check-this={marker ? '' : undefined}
      data-source-path={path}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-2">
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <ShowInOriginal path={path} label={label} />
      </div>
      <CheckThisNote path={path} label={label} noteId={noteId} />
      {list.length > 0 ? (
        <SortableRows count={chips ? 0 : list.length} onMove={drop}>
          <ul
            aria-label={`Current ${label.toLowerCase()}`}
            aria-describedby={noteId}
            className={cn(chips ? 'flex flex-wrap gap-1.5' : 'grid gap-1.5')}
          >
            {list.map((item, i) =>
              chips ? (
                <li
                  key={`${i}-${item}`}
                  className="flex min-w-0 items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-0.5 pl-3 text-sm text-brand-900"
                >
                  <span className="min-w-0 flex-1 break-words">{item}</span>
                  {moveTo?.length ? (
                    <select
                      aria-label={`Move ${item} to another group`}
                      value=""
                      onChange={(e) => {
                        const target = moveTo[Number(e.target.value)];
                        if (!target) return;
                        target.onMove(i);
                        announce?.(`${item} moved to ${target.label}`);
                      }}
                      className="h-6 w-6 shrink-0 cursor-pointer appearance-none rounded-full bg-transparent text-center text-xs text-brand-900 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      <option value="" disabled hidden>
                        ⇄
                      </option>
                      {moveTo.map((t, k) => (
                        <option key={t.label} value={k}>
                          Move to {t.label}
                        </option>
                      ))}
                    </select>
                  ) : null}
                  <RemoveItem
                    item={item}
                    onRemove={() => onChange(list.filter((_, j) => j !== i))}
                  />
                </li>
              ) : (
                <SortableRow key={i} index={i} label={`“${item}”`}>
                  {(row) => (
                    <li
                      // Position is the identity of an item while it is edited in place.
                      ref={row.ref}
                      style={row.style}
                      className={cn(
                        'flex min-w-0 flex-wrap items-start gap-0.5 rounded-lg border border-slate-200 bg-slate-50 p-1',
                        row.className,
                      )}
                    >
                      {row.handle}
                      <textarea
                        ref={(el) => {
                          inputs.current[i] = el;
                        }}
                        rows={1}
                        value={item}
                        aria-label={`${label}: item ${i + 1} of ${list.length}`}
                        aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
                        title="Alt+↑ / Alt+↓ to move"
                        onChange={(e) => onChange(editItem(list, i, e.target.value))}
                        onBlur={() => {
                          if (!item.trim()) onChange(list.filter((_, j) => j !== i));
                        }}
                        onKeyDown={(e) => {
                          // A bullet is one line: Enter does not break it.
                          if (e.key === 'Enter') e.preventDefault();
                          if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
                          e.preventDefault();
                          nudge(i, e.key === 'ArrowUp' ? -1 : 1, true);
                        }}
                        className="field-sizing-content min-w-0 flex-1 basis-48 resize-none rounded-md border border-transparent bg-transparent px-2 py-1 text-base text-slate-800 hover:border-slate-300 focus-visible:border-brand-600 focus-visible:bg-white focus-visible:outline-2 focus-visible:outline-brand-600/30 sm:text-sm"
                      />
                      {/* On a phone the buttons wrap below the text, which keeps its width. */}
                      <div className="ml-auto flex shrink-0">
                        <ItemButton
                          label={`Move “${item}” up`}
                          disabled={i === 0}
                          onClick={() => nudge(i, -1, false)}
                        >
                          <ArrowUp className="size-3.5" aria-hidden />
                        </ItemButton>
                        <ItemButton
                          label={`Move “${item}” down`}
                          disabled={i === list.length - 1}
                          onClick={() => nudge(i, 1, false)}
                        >
                          <ArrowDown className="size-3.5" aria-hidden />
                        </ItemButton>
                        {onSplit && i > 0 ? (
                          <ItemButton
                            label={`Split the entry before “${item}”`}
                            onClick={() => onSplit(i)}
                          >
                            <Scissors className="size-3.5" aria-hidden />
                          </ItemButton>
                        ) : null}
                        <RemoveItem
                          item={item}
                          onRemove={() => onChange(list.filter((_, j) => j !== i))}
                        />
                      </div>
                    </li>
                  )}
                </SortableRow>
              ),
            )}
          </ul>
        </SortableRows>
      ) : null}
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          placeholder={placeholder}
          aria-describedby={note ? `${id}-note` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setNote('');
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
              e.preventDefault();
              add();
            }
          }}
        />
        <Tooltip label={`Add to ${label}`}>
          <Button variant="outline" size="icon" onClick={add} aria-label={`Add to ${label}`}>
            <Plus className="size-4" aria-hidden />
          </Button>
        </Tooltip>
      </div>
      <p id={`${id}-note`} role="status" className="min-h-0 text-xs text-amber-700 empty:hidden">
        {note}
      </p>
    </div>
  );
}

function ItemButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <button
        type="button"
        disabled={disabled}
        onClick={onClick}
        aria-label={label}
        className="grid size-7 shrink-0 place-items-center rounded-full text-slate-500 hover:bg-white hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-30"
      >
        {children}
      </button>
    </Tooltip>
  );
}

function RemoveItem({ item, onRemove }: { item: string; onRemove: () => void }) {
  return (
    <Tooltip label={`Remove ${item}`}>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${item}`}
        className="grid size-7 shrink-0 place-items-center rounded-full text-slate-500 hover:bg-white hover:text-red-600 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <X className="size-3.5" aria-hidden />
      </button>
    </Tooltip>
  );
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A colour: a swatch picker plus the value as text; empty means "template default". */
export function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
}) {
  const id = useId();
  const current = value ?? '';
  return (
    <div className="grid min-w-0 gap-1.5">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={HEX.test(current) ? current : '#ffffff'}
          onChange={(e) => onChange(e.target.value)}
          className="h-11 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        <Input
          id={id}
          value={current}
          placeholder="Default"
          spellCheck={false}
          onChange={(e) => onChange(e.target.value.trim() ? e.target.value : null)}
          className="font-mono"
        />
        {current ? (
          <Tooltip label={`Reset ${label}`}>
            <Button
              variant="ghost"
              size="icon"
              onClick={() => onChange(null)}
              aria-label={`Reset ${label}`}
            >
              <X className="size-4" aria-hidden />
            </Button>
          </Tooltip>
        ) : null}
      </div>
    </div>
  );
}
