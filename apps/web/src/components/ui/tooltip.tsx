import { createContext, use, type ReactElement, type ReactNode } from 'react';
import { Tooltip as RadixTooltip } from 'radix-ui';

/** True under TooltipProvider: components shared with public pages show tooltips only there. */
const TooltipsOn = createContext(false);

/**
 * The one tooltip provider of the signed-in app (SignedInRoot): a tooltip opens 700 ms after the
 * pointer rests on its trigger, and for 300 ms after one closes the next opens at once.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={700} skipDelayDuration={300}>
      <TooltipsOn value>{children}</TooltipsOn>
    </RadixTooltip.Provider>
  );
}

/**
 * A short label shown beside `children` (one focusable element, e.g. an icon button) on hover and
 * on keyboard focus. For an icon-only button, `label` is its accessible name (its aria-label).
 * Outside the signed-in app (no TooltipProvider) it renders `children` alone.
 */
export function Tooltip({
  label,
  side = 'top',
  children,
}: {
  label: string;
  side?: 'top' | 'right' | 'bottom' | 'left';
  children: ReactElement;
}) {
  if (!use(TooltipsOn)) return children;
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
        {children}
      </RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={4}
          collisionPadding={8}
          className="z-[60] max-w-64 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-md select-none data-[state=delayed-open]:animate-fade-in"
        >
          {label}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
