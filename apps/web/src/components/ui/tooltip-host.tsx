import { useEffect, useLayoutEffect, useSyncExternalStore, type Ref } from 'react';
import { Tooltip as RadixTooltip } from 'radix-ui';
import {
  attachRef,
  type TooltipEntry,
  type TooltipRegistry,
  type TriggerProps,
} from './tooltip-registry.ts';

/**
 * Radix's tooltips of every trigger under one TooltipProvider (loaded on the first pointer or
 * focus on a trigger, tooltip.tsx): a tooltip opens 700 ms after the pointer rests on its trigger,
 * and for 300 ms after one closes the next opens at once.
 */
export function TooltipHost({ registry }: { registry: TooltipRegistry }) {
  const entries = useSyncExternalStore(registry.subscribe, registry.getEntries);
  return (
    <RadixTooltip.Provider delayDuration={700} skipDelayDuration={300}>
      {entries.map((entry) => (
        <EntryTooltip key={entry.id} entry={entry} registry={registry} />
      ))}
    </RadixTooltip.Provider>
  );
}

function EntryTooltip({ entry, registry }: { entry: TooltipEntry; registry: TooltipRegistry }) {
  const { element } = entry;

  // The trigger whose pointer or focus asked for this code gets its tooltip now, as if that
  // pointer had moved or that focus had arrived with the code already there.
  useEffect(() => {
    const pointerType = registry.takeRequest(element);
    if (pointerType === undefined) return;
    if (pointerType === null) {
      if (document.activeElement === element) {
        element.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      }
    } else if (pointerType !== 'touch' && element.matches(':hover')) {
      element.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType }));
    }
  }, [registry, element]);

  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger
        asChild
        // Focus the keyboard did not move (a closing dialog handing focus back to its button
        // after a click or tap) shows no tooltip: Radix skips its handler when this one prevents.
        onFocus={(event) => {
          if (!event.currentTarget.matches(':focus-visible')) event.preventDefault();
        }}
      >
        <TriggerBridge element={element} sync={entry.sync} />
      </RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={entry.side}
          sideOffset={4}
          collisionPadding={8}
          className="z-[60] max-w-64 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-md select-none data-[state=delayed-open]:animate-fade-in"
        >
          {entry.label}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}

/**
 * Radix's trigger child, rendering nothing: it points the trigger's ref at the element the
 * Tooltip wrapper rendered, and hands that wrapper the trigger's attributes and handlers.
 */
function TriggerBridge({
  ref,
  element,
  sync,
  ...props
}: TriggerProps & {
  ref?: Ref<HTMLElement>;
  element: HTMLElement;
  sync: (props: TriggerProps) => void;
}) {
  useLayoutEffect(() => sync(props));
  useLayoutEffect(() => () => sync({}), [sync]);
  useLayoutEffect(() => attachRef(ref, element), [ref, element]);
  return null;
}
