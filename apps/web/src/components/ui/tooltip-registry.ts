import type { FocusEvent, MouseEvent, PointerEvent, Ref } from 'react';

export type TooltipSide = 'top' | 'right' | 'bottom' | 'left';

/** What Radix's tooltip trigger puts on its element: its two attributes and its handlers. */
export interface TriggerProps {
  'aria-describedby'?: string | undefined;
  'data-state'?: string | undefined;
  onPointerMove?: ((event: PointerEvent<HTMLElement>) => void) | undefined;
  onPointerLeave?: ((event: PointerEvent<HTMLElement>) => void) | undefined;
  onPointerDown?: ((event: PointerEvent<HTMLElement>) => void) | undefined;
  onFocus?: ((event: FocusEvent<HTMLElement>) => void) | undefined;
  onBlur?: ((event: FocusEvent<HTMLElement>) => void) | undefined;
  onClick?: ((event: MouseEvent<HTMLElement>) => void) | undefined;
}

/** One mounted trigger: its element, its label, and how its Radix trigger hands it its props. */
export interface TooltipEntry {
  id: string;
  label: string;
  side: TooltipSide;
  element: HTMLElement;
  sync: (props: TriggerProps) => void;
}

/** The trigger that asked for Radix's tooltip code, and how (a pointer's type, or null: focus). */
interface Request {
  element: HTMLElement;
  pointerType: string | null;
}

/**
 * The triggers under one TooltipProvider. Their Radix tooltips render together in the provider's
 * host (tooltip-host.tsx, loaded on the first pointer or focus on a trigger), under one Radix
 * provider, so the open delay and the skip delay are shared as before.
 */
export class TooltipRegistry {
  private entries: readonly TooltipEntry[] = [];
  private request: Request | null = null;
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getEntries = () => this.entries;

  /** Adds (or replaces) a trigger; the returned function removes it. */
  add(entry: TooltipEntry) {
    this.entries = [...this.entries.filter((e) => e.id !== entry.id), entry];
    this.emit();
    return () => {
      this.entries = this.entries.filter((e) => e !== entry);
      this.emit();
    };
  }

  /** A pointer entered or focus reached `element` before the code was there: remember it. */
  ask(element: HTMLElement, pointerType: string | null) {
    this.request = { element, pointerType };
  }

  /** The way `element` asked for the code (once), or undefined if another trigger asked last. */
  takeRequest(element: HTMLElement): string | null | undefined {
    if (this.request?.element !== element) return undefined;
    const { pointerType } = this.request;
    this.request = null;
    return pointerType;
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}

/** Sets `ref` (a callback or an object) to `value`; the returned function unsets it. */
export function attachRef<T>(ref: Ref<T> | undefined, value: T): () => void {
  if (typeof ref === 'function') {
    const cleanup = ref(value);
    return typeof cleanup === 'function' ? cleanup : () => void ref(null);
  }
  if (ref) {
    ref.current = value;
    return () => {
      ref.current = null;
    };
  }
  return () => {};
}
