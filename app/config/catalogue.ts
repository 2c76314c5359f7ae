// The three service listings and the three project galleries. One route module renders each
// kind (app/routes/service-list.tsx, app/routes/project-gallery.tsx); app/routes.ts maps every
// path to it with its own route id, and app/config/pages.ts registers the pages.

export type ServiceListLayout = "cards" | "pictures" | "rows";
export type ProjectGalleryLayout = "grid-2" | "grid-3" | "carousel";

export const serviceLists = [
  { id: "services", path: "/services", layout: "cards", label: "Services" },
  { id: "services-2", path: "/services-2", layout: "pictures", label: "Services 2" },
  { id: "services-3", path: "/services-3", layout: "rows", label: "Services 3" },
] as const satisfies ReadonlyArray<{ id: string; path: string; layout: ServiceListLayout; label: string }>;

export const projectGalleries = [
  { id: "project-2-column", path: "/project-2-column", layout: "grid-2", label: "Projects, 2 Columns" },
  { id: "project-3-column", path: "/project-3-column", layout: "grid-3", label: "Projects, 3 Columns" },
  { id: "project-carousel", path: "/project-carousel", layout: "carousel", label: "Project Carousel" },
] as const satisfies ReadonlyArray<{ id: string; path: string; layout: ProjectGalleryLayout; label: string }>;

export const servicePath = (id: number) => `/services-details/${id}`;
export const projectPath = (id: number) => `/project-details/${id}`;
