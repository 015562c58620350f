/**
 * Holds in-app navigations while a screen has something to lose (the editor's unsaved changes):
 * declarative React Router has no `useBlocker`. <NavigationGuard> wraps the router's navigator,
 * which every Link, NavLink, Navigate and navigate() goes through, and watches the browser's Back
 * and Forward buttons; a screen states when to hold with `useNavigationGuard`. Leaving the site
 * or reloading is the `beforeunload` prompt's business.
 */
import {
  createContext,
  use,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  parsePath,
  UNSAFE_NavigationContext,
  useLocation,
  type Location,
  type Path,
  type To,
} from 'react-router';

/** Whether the navigation to `next` waits; when it does, `go` performs it later. */
type Guard = (next: Path, go: () => void) => boolean;

const GuardContext = createContext<RefObject<Guard | null> | null>(null);

const toPath = (to: To): Path => {
  const { pathname = '', search = '', hash = '' } = typeof to === 'string' ? parsePath(to) : to;
  return { pathname, search, hash };
};

/** The position of the current history entry, as the browser router numbers them. */
const historyIndex = (): number | null =>
  (window.history.state as { idx?: number } | null)?.idx ?? null;

/** Inside the router, around the routes: the navigator its screens use, guarded. */
export function NavigationGuard({ children }: { children: ReactNode }) {
  const navigation = use(UNSAFE_NavigationContext);
  const guard = useRef<Guard | null>(null);
  const { key } = useLocation();
  const index = useRef<number | null>(null);

  const guarded = useMemo(() => {
    const { navigator } = navigation;
    const held = (to: To, go: () => void) => guard.current?.(toPath(to), go) ?? false;
    return {
      ...navigation,
      navigator: {
        ...navigator,
        push: (...args: Parameters<typeof navigator.push>) => {
          const go = () => navigator.push(...args);
          if (!held(args[0], go)) go();
        },
        replace: (...args: Parameters<typeof navigator.replace>) => {
          const go = () => navigator.replace(...args);
          if (!held(args[0], go)) go();
        },
      },
    };
  }, [navigation]);

  useEffect(() => {
    index.current = historyIndex();
  }, [key]);

  // Back and Forward: the browser has moved when `popstate` fires. A held move is kept from the
  // router and undone; going on redoes it. Listeners run in the order they were added, and a
  // child's layout effects run before its parent's: this one is added before the router's.
  useLayoutEffect(() => {
    let undoing = false;
    let redoing = false;
    const onPopState = (event: PopStateEvent) => {
      if (redoing) {
        redoing = false;
        return;
      }
      if (undoing) {
        undoing = false;
        event.stopImmediatePropagation();
        return;
      }
      const from = index.current;
      const to = historyIndex();
      if (from === null || to === null || from === to) return;
      const go = () => {
        redoing = true;
        window.history.go(to - from);
      };
      if (!guard.current?.(toPath(window.location), go)) return;
      event.stopImmediatePropagation();
      undoing = true;
      window.history.go(from - to);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  return (
    <GuardContext value={guard}>
      <UNSAFE_NavigationContext value={guarded}>{children}</UNSAFE_NavigationContext>
    </GuardContext>
  );
}

/**
 * Holds each in-app navigation for which `when(current, next)` is true, as data-mode React
 * Router's `useBlocker` did: `blocked` while one waits, `proceed()` performs it, `reset()` stays.
 */
export function useNavigationGuard(when: (current: Location, next: Path) => boolean) {
  const guard = use(GuardContext);
  if (!guard) throw new Error('useNavigationGuard must be used inside <NavigationGuard>');
  const location = useLocation();
  const [waiting, setWaiting] = useState<(() => void) | null>(null);

  useEffect(() => {
    const mine: Guard = (next, go) => {
      if (!when(location, next)) return false;
      setWaiting(() => go);
      return true;
    };
    guard.current = mine;
    return () => {
      if (guard.current === mine) guard.current = null;
    };
  }, [guard, location, when]);

  return {
    blocked: waiting !== null,
    proceed: () => {
      setWaiting(null);
      waiting?.();
    },
    reset: () => setWaiting(null),
  };
}
