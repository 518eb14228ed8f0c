import { useLayoutEffect, useRef, type ComponentProps } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { cn } from "../lib/cn";

/** Up to two initials: first letters of the first and last words ("Ana María López" -> "AL"). */
export function getInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return "?";
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const initial = (word: string) => (Array.from(word)[0] ?? "").toLocaleUpperCase();
  return initial(first) + (last ? initial(last) : "");
}

export const avatarVariants = cva("relative inline-flex shrink-0 align-middle", {
  variants: {
    size: {
      sm: "size-8 text-xs",
      md: "size-10 text-sm",
      lg: "size-14 text-lg",
      xl: "size-24 text-3xl",
      /** lg on phones, xl from the sm breakpoint: one avatar where a grid card needs both. */
      "lg-xl": "size-14 text-lg sm:size-24 sm:text-3xl",
      /** As large as its box (a photo card's square): a large initial where there is no photo. */
      fill: "size-full text-4xl",
    },
  },
  defaultVariants: { size: "md" },
});

const frameVariants = cva("relative flex size-full overflow-hidden bg-muted", {
  variants: {
    shape: {
      circle: "rounded-full",
      /** Square, for a picture that fills a card (the card rounds its corners). */
      square: "rounded-none",
    },
  },
  defaultVariants: { shape: "circle" },
});

const statusVariants = cva("absolute right-0 bottom-0 block rounded-full bg-online ring-background", {
  variants: {
    size: {
      sm: "size-2.5 ring-2",
      md: "size-3 ring-2",
      lg: "size-3.5 ring-[3px]",
      xl: "size-5 ring-4 right-1 bottom-1",
      "lg-xl": "size-3.5 ring-[3px] sm:size-5 sm:ring-4 sm:right-1 sm:bottom-1",
      fill: "size-3.5 ring-[3px] right-2 bottom-2",
    },
  },
  defaultVariants: { size: "md" },
});

export interface AvatarProps
  extends
    Omit<ComponentProps<"span">, "children" | "ref">,
    VariantProps<typeof avatarVariants>,
    VariantProps<typeof frameVariants> {
  /** The person's name: the image's alt text and the source of the initials fallback. */
  name: string;
  /** Photo URL. Without one (or while it loads, or if it fails) the initials show. */
  src?: string;
  /** `true` shows a green "Online" dot; `false` or omitted shows no dot. */
  online?: boolean;
  /** Wait this long (ms) before showing the initials, to avoid a flash while a fast image loads. */
  fallbackDelayMs?: number;
  /** "eager" for a photo in the first screenful (a grid's first rows): the rest wait until scrolled to. */
  loading?: "lazy" | "eager";
}

/**
 * A person's photo, or their initials, with an optional online indicator. The initials lie under
 * the photo: shown while it loads and if it fails, covered once it is in. While it has a photo, it
 * says in `data-photo` whether that photo is still loading (the visual suite waits for none to be).
 * The photo is a plain lazy `<img>` the browser loads and decodes by itself, its arrival written on
 * the nodes, not kept in state: a grid of photo cards drawn again once per arriving photo (as a
 * JavaScript preloader with a state does) blocked the home's main thread for hundreds of ms on a
 * phone.
 */
export function Avatar({
  name,
  src,
  size,
  shape,
  online,
  fallbackDelayMs,
  loading = "lazy",
  className,
  ...props
}: AvatarProps) {
  const label = name.trim() || "Unknown member";
  const node = useRef<HTMLSpanElement>(null);
  const fallback = useRef<HTMLSpanElement>(null);
  // A new photo (or none): the initials again until it is in.
  useLayoutEffect(() => {
    if (fallback.current) fallback.current.hidden = false;
    if (src) node.current?.setAttribute("data-photo", "loading");
    else node.current?.removeAttribute("data-photo");
  }, [src]);
  return (
    <span
      ref={node}
      data-slot="avatar"
      data-photo={src ? "loading" : undefined}
      className={cn(avatarVariants({ size }), className)}
      {...props}
    >
      <span className={frameVariants({ shape })}>
        <span
          ref={fallback}
          data-slot="avatar-fallback"
          role="img"
          aria-label={label}
          // With a photo, the photo carries the name (until it fails).
          aria-hidden={src ? true : undefined}
          // Not at once when asked: a photo that comes quickly shows no initials first.
          style={src && fallbackDelayMs ? { animation: `fade-in 0s linear ${fallbackDelayMs}ms both` } : undefined}
          className={cn(
            "flex size-full items-center justify-center bg-secondary font-display font-semibold text-secondary-foreground select-none",
            // A card's caption covers the square's foot: the initial sits in what stays in sight.
            size === "fill" && "pb-[22%]",
          )}
        >
          <span aria-hidden="true">{getInitials(name)}</span>
        </span>
        {src ? (
          <img
            key={src}
            data-slot="avatar-image"
            src={src}
            alt={label}
            decoding="async"
            // Lists of avatars load what is in view first (a grid's lower cards wait until scrolled to).
            loading={loading}
            onLoad={() => {
              node.current?.setAttribute("data-photo", "loaded");
              if (fallback.current) fallback.current.hidden = true;
            }}
            onError={(event) => {
              node.current?.setAttribute("data-photo", "error");
              event.currentTarget.hidden = true;
              fallback.current?.removeAttribute("aria-hidden");
            }}
            className="absolute inset-0 aspect-square size-full object-cover"
          />
        ) : null}
      </span>
      {online ? (
        <span data-slot="avatar-status" role="img" aria-label="Online" className={cn(statusVariants({ size }))} />
      ) : null}
    </span>
  );
}
