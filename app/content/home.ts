import type { HomeInput } from "./schemas.ts";

// The copy of the home page sections. Each layout (app/config/home-layouts.ts) picks the
// sections it stacks; services, projects, team, testimonials, FAQs and the achievement counters
// have their own modules.
export const home = {
  hero: {
    slides: [
      {
        id: "products",
        type: "video",
        video: "hero-1",
        poster: "posters/hero-1",
        title: "Digital products built for how Nigeria works",
        description:
          "We design, build and grow web and mobile products for startups and enterprises: fast on every phone, secure from day one, and yours to own.",
      },
      {
        id: "engineering",
        type: "video",
        video: "hero-2",
        poster: "posters/hero-2",
        title: "Software, data and security under one roof",
        description:
          "Engineers, analysts and security specialists who turn manual processes into reliable systems, and raw numbers into decisions you can act on.",
      },
      {
        id: "growth",
        type: "image",
        image: "hero-3",
        title: "Brands and campaigns that bring in customers",
        description:
          "Branding, websites and digital marketing measured in enquiries and sales, with a monthly report you can read in five minutes.",
      },
    ],
    action: { label: "Get in Touch", href: "/contact-us" },
  },
  promise: {
    eyebrow: "Our Promise",
    title: "Three things every client can count on",
    items: [
      {
        title: "Quality & Reliability",
        text: "Every release is reviewed, tested on real devices and monitored after launch, so what works on day one keeps working next year.",
        icon: "badge-check",
      },
      {
        title: "Expert Team",
        text: "Senior engineers, designers and marketers lead every project, backed by a network of more than 500 specialists across Nigeria.",
        icon: "users",
      },
      {
        title: "Holistic Support",
        text: "Strategy, design, build, launch and growth from one partner, with one named contact from the first workshop to the hundredth update.",
        icon: "headset",
      },
    ],
  },
  services: {
    eyebrow: "What we do",
    title: "Services that take you from idea to growth",
    intro:
      "Twenty-two services across engineering, design and marketing. These three are where most of our clients start.",
    more: { label: "All services", href: "/services" },
  },
  about: {
    eyebrow: "About TechSpark",
    title: "Your partner from first idea to a growing business",
    text: [
      "We are a technology and digital-services agency in Kubwa, Abuja. Since 2008 we have helped startups, growing companies and public organisations build digital products, secure them and bring them to the people who need them.",
    ],
    features: [
      {
        title: "Seamless Startup Launch",
        text: "Discovery, design, build and a go-to-market plan from one team, so founders reach a working, launched product in weeks rather than months.",
        icon: "rocket",
      },
      {
        title: "Reliable Digital Partner",
        text: "After launch we stay: maintenance, security updates, new features and campaigns from people who already know your product inside out.",
        icon: "handshake",
      },
    ],
    images: ["about-1", "about-2"],
    action: { label: "More about us", href: "/about-us" },
  },
  howWeWork: {
    eyebrow: "How we work",
    title: "Four disciplines, one team around your product",
    intro:
      "Most agencies hand you from one department to the next. Our engineers, analysts, security specialists and business developers plan your project together from the first day.",
    steps: [
      {
        number: "01",
        title: "Software Engineering",
        text: "Clean, tested code for web, mobile and cloud, reviewed by a senior engineer and documented so your own team can take it over.",
        icon: "code-xml",
      },
      {
        number: "02",
        title: "Data Analytics",
        text: "Dashboards and reports that turn sales, operations and customer data into the three numbers your managers check every morning.",
        icon: "chart-column",
      },
      {
        number: "03",
        title: "Cybersecurity",
        text: "Security reviews, penetration tests and audits, with fixes explained in plain language and compliance with the Nigeria Data Protection Act.",
        icon: "shield-check",
      },
      {
        number: "04",
        title: "Business Development",
        text: "Market research, pricing, partnerships and pitch material that help a finished product find its customers and its investors.",
        icon: "briefcase",
      },
    ],
  },
  projects: {
    eyebrow: "Portfolio",
    title: "Recent work we are proud of",
    intro:
      "Apps, platforms and campaigns for clients in Abuja, Lagos and beyond, each measured by what it changed.",
    more: { label: "See all projects", href: "/project-2-column" },
  },
  digitalBanner: {
    eyebrow: "Digital Experience",
    title: "Digital experiences that move your numbers",
    text: "From the first sketch to the monthly growth report, we build products and campaigns people enjoy using and businesses can measure.",
    counter: { end: 276, suffix: "K", label: "Completed Projects", duration: 3000 },
    image: "cta-banner",
    video: { provider: "custom", url: "/videos/hero-1.mp4", title: "TechSpark Innovations studio reel" },
    videoLabel: "Watch our studio reel",
  },
  achievements: {
    eyebrow: "Our achievements",
    title: "Numbers behind the work",
    duration: 4000,
  },
  whyChooseUs: {
    eyebrow: "Why choose us",
    title: "A partner that explains, delivers and stays",
    intro:
      "Choosing an agency is choosing the people you will work with for years. Here is what our clients say makes the difference.",
    benefits: [
      {
        title: "Fixed proposals, no surprises",
        text: "A written scope, milestones and a fixed price before work starts, and an honest conversation if anything changes.",
      },
      {
        title: "Built for real conditions",
        text: "Mid-range phones, slow networks and power cuts are part of our brief, so your product works where your customers are.",
      },
      {
        title: "You own everything",
        text: "Source code, designs, domains and accounts are yours, documented so your business is never locked in to us.",
      },
    ],
    image: "why-choose-us",
  },
  ourProcess: {
    eyebrow: "Our process",
    title: "From your first message to kickoff in two weeks",
    intro: "A clear path with no surprises: you always know what happens next and what it costs.",
    steps: [
      {
        number: "01",
        title: "Service Request Submission",
        text: "Tell us about your goals through our contact form, by phone or over coffee in Kubwa. We reply within one business day.",
        icon: "send",
      },
      {
        number: "02",
        title: "Consultation & Requirement Analysis",
        text: "A free workshop with our leads to understand your users, your constraints and what success looks like for you.",
        icon: "messages-square",
      },
      {
        number: "03",
        title: "Proposal & Agreement",
        text: "A written proposal with scope, milestones, team and a fixed price. Nothing is billed until you have agreed to it.",
        icon: "file-pen-line",
      },
      {
        number: "04",
        title: "Project Kickoff",
        text: "Your team meets ours, the shared project board opens and the first sprint starts, with a demo at the end of every week.",
        icon: "rocket",
      },
    ],
  },
  team: {
    eyebrow: "Our team",
    title: "The people behind your product",
    intro:
      "Senior specialists who lead every project themselves, supported by a network of more than 500 professionals.",
    more: { label: "Meet the whole team", href: "/team" },
  },
  testimonials: {
    eyebrow: "Testimonials",
    title: "What our clients say",
  },
  faq: {
    eyebrow: "Questions & answers",
    title: "What clients ask before they start",
    intro:
      "Straight answers to the questions we hear every week. Ask us anything else: we reply within a day.",
    meters: [
      { label: "Projects delivered on schedule", value: 89 },
      { label: "Clients who come back for more", value: 78 },
    ],
  },
  brands: {
    title: "Trusted by 180K global brands",
    video: "brands",
    poster: "posters/brands",
    logos: [
      { name: "Arewa Foods", file: "/img/brands/arewa-foods.svg" },
      { name: "Benue Agro", file: "/img/brands/benue-agro.svg" },
      { name: "Gwarinpa Homes", file: "/img/brands/gwarinpa-homes.svg" },
      { name: "Kolanut Studio", file: "/img/brands/kolanut-studio.svg" },
      { name: "Maitama Capital", file: "/img/brands/maitama-capital.svg" },
      { name: "Olumo Health", file: "/img/brands/olumo-health.svg" },
      { name: "Paykobo", file: "/img/brands/paykobo.svg" },
      { name: "Sahelia Solar", file: "/img/brands/sahelia-solar.svg" },
      { name: "Wuse Motors", file: "/img/brands/wuse-motors.svg" },
      { name: "Zuma Logistics", file: "/img/brands/zuma-logistics.svg" },
    ],
  },
  pricing: {
    eyebrow: "Pricing",
    title: "Plans shaped around your goals",
    intro: "We price after we listen: pick the kind of help you need and get a fixed proposal within a week.",
  },
  contact: {
    eyebrow: "Contact",
    title: "Let’s talk about your project",
    intro:
      "Tell us what you want to build or grow. A real person from our Kubwa studio answers within one business day, with honest advice and clear next steps.",
  },
  blog: {
    eyebrow: "From our blog",
    title: "Notes from the studio",
    intro:
      "Practical writing on building, securing and marketing digital products in Nigeria, from the people who do the work.",
    more: { label: "Read the blog", href: "/blog-standard" },
  },
} satisfies HomeInput;
