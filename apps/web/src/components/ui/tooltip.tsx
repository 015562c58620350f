import {
  cloneElement,
  createContext,
  use,
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import {
  attachRef,
  TooltipRegistry,
  type TooltipSide,
  type TriggerProps,
} from './tooltip-registry.ts';

/** Under TooltipProvider (the signed-in app, toasts): components shared with public pages show tooltips only there. */
const Registry = createContext<TooltipRegistry | null>(null);

type Host = ComponentType<{ registry: TooltipRegistry }>;

/**
 * Radix's tooltip (with its positioning code, ~12 KB compressed) loads on the first pointer or
 * focus on a trigger, not with the page: until then a trigger is its element alone.
 */
let host: Host | null = null;
let hostLoad: Promise<void> | null = null;
const hostListeners = new Set<() => void>();

function loadHost() {
  hostLoad ??= import('./tooltip-host.tsx').then(
    (m) => {
      host = m.TooltipHost;
      for (const listener of hostListeners) listener();
    },
    () => {
      hostLoad = null; // offline for a moment: the next pointer or focus tries again
    },
  );
}

function subscribeHost(listener: () => void) {
  hostListeners.add(listener);
  return () => void hostListeners.delete(listener);
}

/**
 * The one tooltip provider of the signed-in app (SignedInRoot): a tooltip opens 700 ms after the
 * pointer rests on its trigger, and for 300 ms after one closes the next opens at once
 * (tooltip-host.tsx).
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  const [registry] = useState(() => new TooltipRegistry());
  const Host = useSyncExternalStore(subscribeHost, () => host);
  return (
    <Registry value={registry}>
      {children}
      {Host ? <Host registry={registry} /> : null}
    </Registry>
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
  side?: TooltipSide;
  children: ReactElement;
}) {
  const registry = use(Registry);
  if (!registry) return children;
  return (
    <TooltipTrigger registry={registry} label={label} side={side}>
      {children}
    </TooltipTrigger>
  );
}

type TriggerHandler = Exclude<keyof TriggerProps, 'aria-describedby' | 'data-state'>;

type ChildProps = TriggerProps & {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
};

/**
 * `children` as it is, plus what Radix's trigger gives it (data-state, aria-describedby while
 * open, its handlers), handed over by the host once loaded: the element is never replaced, so
 * focus stays on it and the tooltip of the trigger that asked for the code opens once it is there.
 */
function TooltipTrigger({
  registry,
  label,
  side,
  children,
}: {
  registry: TooltipRegistry;
  label: string;
  side: TooltipSide;
  children: ReactElement;
}) {
  const id = useId();
  const child = children.props as ChildProps;
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [state, setState] = useState<{ 'data-state': string; 'aria-describedby'?: string }>({
    'data-state': 'closed',
  });
  const radix = useRef<TriggerProps>({});

  const childRef = child.ref;
  const ref = useCallback(
    (node: HTMLElement | null) => {
      setElement(node);
      const detach = attachRef(childRef, node);
      return () => {
        setElement(null);
        detach();
      };
    },
    [childRef],
  );

  useLayoutEffect(() => {
    if (!element) return;
    return registry.add({
      id,
      label,
      side,
      element,
      sync: (props) => {
        radix.current = props;
        const next = {
          'data-state': props['data-state'] ?? 'closed',
          ...(props['aria-describedby'] ? { 'aria-describedby': props['aria-describedby'] } : {}),
        };
        setState((prev) =>
          prev['data-state'] === next['data-state'] &&
          prev['aria-describedby'] === next['aria-describedby']
            ? prev
            : next,
        );
      },
    });
  }, [registry, id, label, side, element]);

  // The child's own handler first, then Radix's (as Radix's Slot composes them).
  const compose =
    <E,>(name: TriggerHandler) =>
    (event: E) => {
      (child[name] as ((event: E) => void) | undefined)?.(event);
      (radix.current[name] as ((event: E) => void) | undefined)?.(event);
    };
  const ask = (target: HTMLElement, pointerType: string | null) => {
    if (host) return;
    registry.ask(target, pointerType);
    loadHost();
  };

  return cloneElement(children as ReactElement<ChildProps>, {
    ref,
    'aria-describedby': child['aria-describedby'] ?? state['aria-describedby'],
    'data-state': child['data-state'] ?? state['data-state'],
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      child.onPointerEnter?.(event);
      ask(event.currentTarget, event.pointerType);
    },
    onPointerMove: compose('onPointerMove'),
    onPointerLeave: compose('onPointerLeave'),
    onPointerDown: compose('onPointerDown'),
    onFocus: (event: FocusEvent<HTMLElement>) => {
      ask(event.currentTarget, null);
      compose<FocusEvent<HTMLElement>>('onFocus')(event);
    },
    onBlur: compose('onBlur'),
    onClick: compose('onClick'),
  });
}
