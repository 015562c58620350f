import { useId, useState } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, Plus, X } from 'lucide-react';
import type { SectionKey } from '@folio/core';
import { Button } from '../../../components/ui/button.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  absentSections,
  addSection,
  moveSection,
  removeSection,
  sectionLabels,
  sectionToAdd,
} from '../utils/sections.ts';

/** Pointer and touch drags start after 5 px of movement. */
const activationConstraint = { distance: 5 };

const label = (id: unknown) => sectionLabels[id as SectionKey] ?? String(id);

const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${label(active.id)}.`,
  onDragOver: ({ active, over }) =>
    over
      ? `${label(active.id)} is over ${label(over.id)}.`
      : `${label(active.id)} is not over a section.`,
  onDragEnd: ({ active, over }) =>
    over
      ? `${label(active.id)} was dropped at ${label(over.id)}'s place.`
      : `${label(active.id)} was dropped.`,
  onDragCancel: ({ active }) => `Moving ${label(active.id)} was cancelled.`,
};

function SortableSection({ id, onRemove }: { id: SectionKey; onRemove: () => void }) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid={`section-${id}`}
      className={cn(
        'flex items-center gap-2 rounded-lg border border-slate-200 bg-white py-1.5 pr-1.5 pl-1 text-sm',
        isDragging && 'relative z-10 border-brand-400 shadow-lg',
      )}
    >
      <Tooltip label={`Drag to reorder ${sectionLabels[id]}`}>
        <button
          ref={setActivatorNodeRef}
          type="button"
          aria-label={`Drag to reorder ${sectionLabels[id]}`}
          className="grid size-9 shrink-0 cursor-grab touch-none place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600 active:cursor-grabbing"
          {...attributes}
          {...listeners}
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
      </Tooltip>
      <span className="min-w-0 flex-1 truncate font-medium text-slate-800">
        {sectionLabels[id]}
      </span>
      <Tooltip label={`Remove ${sectionLabels[id]} section`}>
        <Button
          variant="ghost"
          size="sm"
          className="px-2"
          onClick={onRemove}
          aria-label={`Remove ${sectionLabels[id]} section`}
        >
          <X className="size-4" aria-hidden />
        </Button>
      </Tooltip>
    </li>
  );
}

/**
 * Section order (product.md, States): drag by pointer or touch (after 5 px), or by keyboard: focus a handle,
 * Space to pick up, arrows to move, Space to drop, Escape to cancel. Sections can be removed and
 * added back from the list of absent ones.
 */
export function SectionOrder({
  order,
  onChange,
  onFocus,
}: {
  order: SectionKey[];
  onChange: (order: SectionKey[]) => void;
  /** Called with a section that was moved or added. */
  onFocus?: ((section: SectionKey) => void) | undefined;
}) {
  const selectId = useId();
  const absent = absentSections(order);
  const [toAdd, setToAdd] = useState<SectionKey | ''>('');
  const chosen = sectionToAdd(absent, toAdd);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint }),
    useSensor(TouchSensor, { activationConstraint }),
    // Moves one place per arrow press; outside a list it falls back to dnd-kit's 25 px step.
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const next = moveSection(order, active.id as SectionKey, over.id as SectionKey);
    if (next) {
      onChange(next);
      onFocus?.(active.id as SectionKey);
    }
  };

  return (
    <div className="grid gap-3">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To reorder, press Space or Enter to pick up the section, use the arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel.',
          },
        }}
      >
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ol aria-label="Section order" className="grid gap-1.5">
            {order.map((key) => (
              <SortableSection
                key={key}
                id={key}
                onRemove={() => onChange(removeSection(order, key))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {order.length === 0 ? (
        <p className="text-sm text-slate-600">No sections shown. Add one below.</p>
      ) : null}
      {absent.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid min-w-0 flex-1 gap-1.5">
            <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
              Add a section
            </label>
            <select
              id={selectId}
              value={chosen}
              onChange={(e) => setToAdd(e.target.value as SectionKey)}
              className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {absent.map((key) => (
                <option key={key} value={key}>
                  {sectionLabels[key]}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="outline"
            onClick={() => {
              if (!chosen) return;
              onChange(addSection(order, chosen));
              onFocus?.(chosen);
            }}
          >
            <Plus className="size-4" aria-hidden />
            Add section
          </Button>
        </div>
      ) : null}
    </div>
  );
}
