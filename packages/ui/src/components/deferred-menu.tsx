import {
  cloneElement,
  Suspense,
  useState,
  type ComponentType,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
} from "react";

/** What a deferred menu's module renders: the real dropdown, around the same trigger. */
export interface DeferredMenuProps {
  trigger: ReactElement;
  /** Open at once: the member clicked the trigger before the menu's code had arrived. */
  defaultOpen: boolean;
}

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  "aria-haspopup"?: "menu";
  "aria-expanded"?: boolean;
};

/**
 * A dropdown whose code loads on first use (so that the menus' code is not on the first
 * load of the home). Until then the trigger is drawn as it is; pointing at it or focusing it
 * fetches the menu's module (`preload`), and a click opens the menu as soon as it has arrived.
 * `menu` is a module-level `lazy()` of a component that renders DropdownMenu around `trigger`.
 */
export function DeferredMenu({
  trigger,
  menu: Menu,
  preload,
  defaultOpen = false,
}: {
  trigger: ReactElement<TriggerProps>;
  menu: ComponentType<DeferredMenuProps>;
  preload: () => Promise<unknown>;
  defaultOpen?: boolean;
}) {
  const [wanted, setWanted] = useState<"no" | "prefetch" | "open">(defaultOpen ? "open" : "no");
  if (wanted === "open") {
    return (
      <Suspense fallback={trigger}>
        <Menu trigger={trigger} defaultOpen />
      </Suspense>
    );
  }
  const own = trigger.props;
  const prefetch = () => {
    if (wanted === "no") {
      setWanted("prefetch");
      void preload();
    }
  };
  return cloneElement(trigger, {
    "aria-haspopup": "menu",
    "aria-expanded": false,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => (own.onPointerEnter?.(event), prefetch()),
    onFocus: (event: FocusEvent<HTMLElement>) => (own.onFocus?.(event), prefetch()),
    onClick: (event: MouseEvent<HTMLElement>) => (own.onClick?.(event), setWanted("open")),
  });
}
