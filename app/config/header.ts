// What a page may change about the site header (app/root.tsx passes it to <SiteHeader>).

/** The full menu, or the short one of the IT-solutions home layout. */
export type MenuVariant = "full" | "compact";

export type HeaderOptions = {
  menu: MenuVariant;
  /** Scroll distance (px) after which the header turns solid. */
  solidAfter: number;
};
