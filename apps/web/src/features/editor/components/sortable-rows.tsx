import { createContext, useContext, useId, type CSSProperties, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { cn } from '../../../lib/cn.ts';

/** Pointer and touch drags start after 5 px of movement, so taps and text selection still work. */
const activationConstraint = { distance: 5 };

const ListId = createContext('');

/**
 * Rows (bullets, entries) reordered by dragging their handle; keyboard moves (Alt+↑/↓ and the
 * arrow buttons) stay the keyboard way. Rows are identified by position, like their React keys.
 */
export function SortableRows({
  count,
  onMove,
  children,
}: {
  count: number;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const listId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint }),
    useSensor(TouchSensor, { activationConstraint }),
  );
  const ids = Array.from({ length: count }, (_, i) => `${listId}:${i}`);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0 && from !== to) onMove(from, to);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ListId value={listId}>{children}</ListId>
      </SortableContext>
    </DndContext>
  );
}

/** One row of `SortableRows`: a ref and style for the row, and its drag handle. */
export function useSortableRow(index: number, label: string) {
  const listId = useContext(ListId);
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: `${listId}:${index}` });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
  };
  const handle = (
    <Tooltip label={`Drag to reorder ${label}`}>
      <button
        ref={setActivatorNodeRef}
        type="button"
        aria-label={`Drag to reorder ${label}`}
        // Keyboard users move rows with Alt+↑/↓ and the arrow buttons; the handle is for pointers.
        {...attributes}
        tabIndex={-1}
        aria-roledescription="drag handle"
        {...listeners}
        className="grid h-7 w-5 shrink-0 cursor-grab touch-none place-items-center rounded-md text-slate-400 hover:bg-white hover:text-slate-800 active:cursor-grabbing"
      >
        <GripVertical className="size-4" aria-hidden />
      </button>
    </Tooltip>
  );
  return {
    ref: setNodeRef,
    style,
    className: cn(isDragging && 'relative z-10 shadow-lg ring-2 ring-brand-400'),
    handle,
  };
}

/** `useSortableRow` for a row rendered inside a map. */
export function SortableRow({
  index,
  label,
  children,
}: {
  index: number;
  label: string;
  children: (row: ReturnType<typeof useSortableRow>) => ReactNode;
}) {
  return children(useSortableRow(index, label));
}
