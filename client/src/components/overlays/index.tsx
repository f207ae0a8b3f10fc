import type {
  Menu as MantineMenu,
  MenuProps,
  ModalProps,
  ModalStackProps,
  PopoverProps,
  PopoverTargetProps,
  TooltipProps,
} from '@mantine/core';
import {
  Children,
  cloneElement,
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';

/**
 * Menus, popovers, tooltips and dialogs whose Mantine code downloads on first use. Mantine's Menu,
 * Popover, Tooltip and Modal bring Floating UI, the focus trap and the scroll lock: about 33 KB
 * (brotli) that a first visit would load only to show buttons. The shell and the feed import
 * these instead of `@mantine/core`'s; pages that load lazily may use Mantine's directly. The props
 * are Mantine's, with the differences each one lists.
 */

type Overlays = typeof import('./mantineOverlays');

let overlays: Overlays | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadOverlays() {
  loading ??= import('./mantineOverlays').then(
    (module) => {
      overlays = module;
      for (const listener of listeners) listener();
    },
    () => {
      // Offline or a new deployment: the next use tries again.
      loading = null;
    },
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Mantine's overlay components once some element has downloaded them; null before. */
const useLoadedOverlays = () =>
  useSyncExternalStore(
    subscribe,
    () => overlays,
    () => null,
  );

/**
 * Mantine's overlay components for an element that has been used (opened, hovered) at least once;
 * null before, and while they download. Each element switches on its own first use, so a menu
 * nobody touched never re-renders under someone's keyboard focus.
 */
function useOverlays(used: boolean): Overlays | null {
  const [everUsed, setEverUsed] = useState(used);
  // Derived state, set while rendering: once loaded, the switch happens in the same render.
  if (used && !everUsed) setEverUsed(true);
  const loaded = useLoadedOverlays();
  useEffect(() => {
    if (everUsed) loadOverlays();
  }, [everUsed]);
  return everUsed ? loaded : null;
}

type WithRef = ReactElement<{ ref?: Ref<HTMLElement> }>;

/** The child with `ref` also set to `target`, keeping the child's own ref. */
function withTargetRef(child: WithRef, target: RefObject<HTMLElement | null>) {
  const own = child.props.ref;
  return cloneElement(child, {
    ref: (node: HTMLElement | null) => {
      target.current = node;
      if (typeof own === 'function') own(node);
      else if (own) (own as RefObject<HTMLElement | null>).current = node;
    },
  });
}

/**
 * What a target shows before the overlay's code is there: the same element, with a click that asks
 * for it. When the code arrives the target is rendered again inside Mantine's component, so the
 * element is a new one; `useRefocusOnLoad` puts the focus the click gave the old one onto it.
 */
interface PendingTarget {
  loaded: boolean;
  request: () => void;
  target: RefObject<HTMLElement | null>;
  popupType: 'menu' | 'dialog';
}
const PendingTargetContext = createContext<PendingTarget | null>(null);

function usePendingTarget(): PendingTarget {
  const pending = useContext(PendingTargetContext);
  if (!pending) throw new Error('A target of an on-demand overlay must sit inside it');
  return pending;
}

/** Focus the new target once the code has arrived, as a click had focused the old one. */
function useRefocusOnLoad(
  loaded: boolean,
  target: RefObject<HTMLElement | null>,
  after?: () => void,
) {
  const wasLoaded = useRef(loaded);
  useLayoutEffect(() => {
    if (!loaded || wasLoaded.current) return;
    wasLoaded.current = true;
    target.current?.focus();
    after?.();
  }, [loaded, target, after]);
}

function PendingTargetElement({ children }: { children: ReactNode }) {
  const { request, target, popupType } = usePendingTarget();
  const child = Children.only(children) as ReactElement<{
    onClick?: (event: MouseEvent<HTMLElement>) => void;
    'aria-haspopup'?: string;
    'aria-expanded'?: boolean;
    ref?: Ref<HTMLElement>;
  }>;
  return withTargetRef(
    cloneElement(child, {
      'aria-haspopup': child.props['aria-haspopup'] ?? popupType,
      'aria-expanded': child.props['aria-expanded'] ?? false,
      onClick: (event: MouseEvent<HTMLElement>) => {
        child.props.onClick?.(event);
        request();
      },
    } as Record<string, unknown>) as WithRef,
    target,
  );
}

// ---- Menu ----------------------------------------------------------------------------------

/**
 * Mantine's Menu, uncontrolled only (no `opened`/`defaultOpened`): the first click on its target
 * downloads the code and opens the menu as soon as it is there.
 */
function OnDemandMenu({
  children,
  onChange,
  ...props
}: Omit<MenuProps, 'opened' | 'defaultOpened'>) {
  const [requested, setRequested] = useState(false);
  const [opened, setOpened] = useState(false);
  const loaded = useOverlays(requested);
  const target = useRef<HTMLElement | null>(null);
  const change = (next: boolean) => {
    setOpened(next);
    onChange?.(next);
  };
  useRefocusOnLoad(loaded !== null, target, requested ? () => change(true) : undefined);
  const pending: PendingTarget = {
    loaded: loaded !== null,
    request: () => setRequested(true),
    target,
    popupType: 'menu',
  };
  return (
    <PendingTargetContext.Provider value={pending}>
      {loaded ? (
        <loaded.Menu {...props} opened={opened} onChange={change}>
          {children}
        </loaded.Menu>
      ) : (
        children
      )}
    </PendingTargetContext.Provider>
  );
}

/**
 * A menu's or popover's target: the element alone until the code is there, then inside Mantine's
 * target (which names it, and opens and closes the dropdown).
 */
function onDemandTarget(kind: 'Menu' | 'Popover') {
  const Target = ({ children, ...props }: PopoverTargetProps) => {
    const pending = usePendingTarget();
    if (!pending.loaded || !overlays)
      return <PendingTargetElement>{children}</PendingTargetElement>;
    const Loaded = overlays[kind].Target as ComponentType<PopoverTargetProps>;
    return (
      <Loaded {...props}>
        {withTargetRef(Children.only(children) as WithRef, pending.target)}
      </Loaded>
    );
  };
  Target.displayName = `OnDemand${kind}.Target`;
  return Target;
}

/** Parts that only render inside an open menu, when the code is there. */
function loadedPart<K extends 'Dropdown' | 'Item' | 'Label' | 'Divider'>(part: K) {
  const Part = (props: object) => {
    if (!usePendingTarget().loaded || !overlays) return null;
    const Loaded = overlays.Menu[part] as ComponentType<object>;
    return <Loaded {...props} />;
  };
  Part.displayName = `OnDemandMenu.${part}`;
  return Part as unknown as (typeof MantineMenu)[K];
}

export const Menu = Object.assign(OnDemandMenu, {
  Target: onDemandTarget('Menu'),
  Dropdown: loadedPart('Dropdown'),
  Item: loadedPart('Item'),
  Label: loadedPart('Label'),
  Divider: loadedPart('Divider'),
});

// ---- Popover -------------------------------------------------------------------------------

/** Mantine's Popover, controlled only: `opened` true the first time downloads the code. */
function OnDemandPopover({
  children,
  ...props
}: PopoverProps & { opened: boolean; onChange: (opened: boolean) => void }) {
  const loaded = useOverlays(props.opened);
  const target = useRef<HTMLElement | null>(null);
  useRefocusOnLoad(loaded !== null, target);
  const pending: PendingTarget = {
    loaded: loaded !== null,
    // The target's own click opens it (the caller's state); there is nothing more to ask.
    request: () => undefined,
    target,
    popupType: 'dialog',
  };
  return (
    <PendingTargetContext.Provider value={pending}>
      {loaded ? <loaded.Popover {...props}>{children}</loaded.Popover> : children}
    </PendingTargetContext.Provider>
  );
}

function PopoverDropdown(props: Parameters<Overlays['Popover']['Dropdown']>[0]) {
  if (!usePendingTarget().loaded || !overlays) return null;
  return <overlays.Popover.Dropdown {...props} />;
}

export const Popover = Object.assign(OnDemandPopover, {
  Target: onDemandTarget('Popover'),
  Dropdown: PopoverDropdown,
});

// ---- Tooltip -------------------------------------------------------------------------------

/**
 * Mantine's Tooltip on hover by a mouse or pen (its default events leave touch out: a tap is a
 * press, not a question). The child is never re-rendered into another tree: the tooltip is drawn
 * beside it, pointed at it, and opens while the pointer is over it.
 */
export function Tooltip({ children, ...props }: Omit<TooltipProps, 'opened' | 'target'>) {
  const [hovered, setHovered] = useState(false);
  const loaded = useOverlays(hovered);
  const target = useRef<HTMLElement | null>(null);
  const child = Children.only(children) as ReactElement<{
    onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
    onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
    ref?: Ref<HTMLElement>;
  }>;
  const hoverable = cloneElement(child, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      child.props.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') setHovered(true);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      child.props.onPointerLeave?.(event);
      setHovered(false);
    },
  }) as WithRef;
  return (
    <>
      {withTargetRef(hoverable, target)}
      {loaded ? <loaded.Tooltip {...props} target={target} opened={hovered} /> : null}
    </>
  );
}

// ---- Modal ---------------------------------------------------------------------------------

/**
 * Mantine's Modal, downloaded with its first opening. Mantine remembers what had focus (to give it
 * back on closing) when `opened` changes, not when a modal mounts open, so the first opening
 * renders it closed once and then opens it.
 */
function OnDemandModal({ opened, ...props }: ModalProps) {
  const loaded = useOverlays(opened);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (loaded) setReady(true);
  }, [loaded]);
  return loaded ? <loaded.Modal {...props} opened={opened && ready} /> : null;
}

/** Mantine's Modal.Stack once any modal has downloaded the code; until then its children alone. */
function ModalStack({ children }: ModalStackProps) {
  const loaded = useLoadedOverlays();
  return loaded ? <loaded.Modal.Stack>{children}</loaded.Modal.Stack> : children;
}

export const Modal = Object.assign(OnDemandModal, { Stack: ModalStack });
