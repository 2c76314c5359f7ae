import type { ComponentProps } from "react";
import type { PictureData } from "#app/lib/media.ts";

export type PictureViewProps = Omit<
  ComponentProps<"img">,
  "src" | "srcSet" | "sizes" | "alt" | "width" | "height" | "loading" | "fetchPriority"
> & {
  picture: PictureData;
  /** Text alternative; pass "" for decorative pictures. */
  alt: string;
  /** Displayed width per breakpoint, e.g. "(min-width: 1024px) 33vw, 100vw". */
  sizes?: string;
  /** The page's LCP image: loaded eagerly with high fetch priority. */
  priority?: boolean;
  /** Class of the <picture> wrapper. */
  className?: string;
  /** Class of the <img> (sizing, object-fit, radius). */
  imgClassName?: string;
};

/** A responsive picture: AVIF and WebP sources with a srcset of widths, a JPEG/PNG fallback, intrinsic size. */
export function PictureView({
  picture,
  alt,
  sizes = "100vw",
  priority = false,
  className,
  imgClassName,
  style,
  ...img
}: PictureViewProps) {
  return (
    <picture className={className}>
      {picture.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      <img
        src={picture.src}
        width={picture.width}
        height={picture.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
        className={imgClassName}
        style={picture.placeholder ? { backgroundColor: picture.placeholder, ...style } : style}
        {...img}
      />
    </picture>
  );
}
