import type { TestimonialInput } from "./schema.ts";

export const testimonials = [
  {
    id: "ngozi-eze",
    quote:
      "TechSpark rebuilt our dispatch app in ten weeks. Drivers now update every delivery from their phones, and late deliveries fell by a third.",
    name: "Ngozi Eze",
    designation: "Operations Director, Zuma Logistics",
    portrait: "testimonial-ngozi-eze",
  },
  {
    id: "ibrahim-sule",
    quote:
      "They explained every option in plain language and kept to the price they quoted. Our solar sales site brings in enquiries every single day.",
    name: "Ibrahim Sule",
    designation: "Founder, Sahelia Solar",
    portrait: "testimonial-ibrahim-sule",
  },
  {
    id: "folake-adebayo",
    quote:
      "Our new brand and campaign doubled online orders in one quarter. The monthly reports finally show us which naira works hardest.",
    name: "Folake Adebayo",
    designation: "Marketing Lead, Arewa Foods",
    portrait: "testimonial-folake-adebayo",
  },
] satisfies TestimonialInput;
