import type { ServiceSummaryInput } from "./schemas.ts";

// The services the home pages feature (ids 1–3 are /services-details/1…3). The service pages
// (issue 6) add the full catalogue; these three stay first.
export const services = [
  {
    id: 1,
    slug: "mobile-app-development",
    title: "Mobile App Development",
    text: "Android and iOS apps that stay fast on mid-range phones and patchy networks, from clickable prototype to store release and beyond.",
    icon: "smartphone",
    image: "service-mobile-app-development",
    href: "/services-details/1",
  },
  {
    id: 2,
    slug: "web-app-development",
    title: "Web App Development",
    text: "Portals, dashboards and customer platforms built on proven open technology, secured from day one and easy for your team to run.",
    icon: "app-window",
    image: "service-web-app-development",
    href: "/services-details/2",
  },
  {
    id: 3,
    slug: "business-development",
    title: "Business Development",
    text: "Market research, go-to-market plans and investor-ready pitch material that turn a working product into a growing business.",
    icon: "trending-up",
    image: "service-business-development",
    href: "/services-details/3",
  },
] satisfies ServiceSummaryInput;
