import type { PricingInput } from "./schema.ts";

export const pricingPlans = [
  {
    id: "web-design-development",
    plan: "Web Design & Development",
    planInfo:
      "A fast, secure website or web application designed around your customers and built to be found on Google.",
    bullets: [
      "Custom design for phones first, then desktop",
      "Content management your team can use",
      "Launch, hosting set-up and 30 days of free fixes",
    ],
    button: { label: "Learn More", href: "/contact-us" },
    icon: "code",
  },
  {
    id: "mobile-app-development",
    plan: "Mobile App Development",
    planInfo:
      "Android and iOS apps that work on the devices and networks your customers really use, from prototype to store release.",
    bullets: [
      "Clickable prototype tested with real users",
      "One codebase for Android and iOS",
      "Play Store and App Store publishing",
    ],
    button: { label: "Learn More", href: "/contact-us" },
    icon: "smartphone",
  },
  {
    id: "digital-marketing",
    plan: "Digital Marketing",
    planInfo:
      "Campaigns that bring measurable enquiries: search, social, e-mail and paid ads, reported in plain numbers every month.",
    bullets: [
      "SEO audit and monthly content plan",
      "Social media and pay-per-click campaigns",
      "Monthly report of visits, leads and cost per lead",
    ],
    button: { label: "Learn More", href: "/contact-us" },
    icon: "megaphone",
  },
] satisfies PricingInput;
