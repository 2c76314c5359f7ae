import type { TeamInput } from "./schema.ts";

// The people who lead our work (ids are /team-details/{id}): the seed of the content type "team"
// (./type.ts), edited in the console since; the pages read the published members
// (contentOf). Home pages show the first three, /team six. Skills and qualifications are the
// spec's three, with each member's own levels.
export const team = [
  {
    id: 1,
    name: "Chinedu Okafor",
    profession: "Founder / CEO",
    bio: [
      "Chinedu founded TechSpark in 2008 after a decade building banking software in Lagos. He still reviews every proposal we send, and spends his free time mentoring first-time founders in Abuja.",
      "Under his lead the agency grew from a two-person web studio into a partner for banks, hospitals and public agencies. He sets our rule that every estimate is written down and every client owns their code.",
    ],
    projectCount: 150,
    email: "chinedu@techspark.ng",
    phone: "+234 803 555 0101",
    portrait: "team-chinedu-okafor",
    socials: [
      { label: "LinkedIn", href: "https://www.linkedin.com/in/chinedu-okafor-techspark" },
      { label: "X (Twitter)", href: "https://x.com/chinedu_techspark" },
    ],
    qualifications: [
      {
        title: "Database Integration",
        text: "Designed the core-banking integrations of his Lagos years and still reviews the data model of every platform we build.",
      },
      {
        title: "Digital marketing",
        text: "Shapes the launch plan of every product we ship, so the first customers arrive with the first release.",
      },
      {
        title: "Software Development",
        text: "Nearly thirty years of writing and reviewing production code, from COBOL batch jobs to TypeScript services.",
      },
    ],
    skills: [
      { label: "Programming Language", value: 88 },
      { label: "Backend Development", value: 95 },
      { label: "Product Design", value: 80 },
    ],
  },
  {
    id: 2,
    name: "Amina Bello",
    profession: "Business Development Manager",
    bio: [
      "Amina helps founders turn a product into a business: market research, pricing, partnerships and investor pitches. Before TechSpark she ran growth for an agritech start-up in Kaduna.",
      "She sits with founders before a line of code is written, checks that the numbers add up, and stays beside them through the first rounds of sales, hiring and fundraising.",
    ],
    projectCount: 85,
    email: "amina@techspark.ng",
    phone: "+234 803 555 0102",
    portrait: "team-amina-bello",
    socials: [
      { label: "LinkedIn", href: "https://www.linkedin.com/in/amina-bello-techspark" },
      { label: "X (Twitter)", href: "https://x.com/amina_builds" },
    ],
    qualifications: [
      {
        title: "Database Integration",
        text: "Connects CRMs, payment gateways and spreadsheets so sales teams work from one customer record.",
      },
      {
        title: "Digital marketing",
        text: "Plans go-to-market campaigns with budgets, channels and targets a founder can hold us to.",
      },
      {
        title: "Software Development",
        text: "Writes product requirements engineers can estimate, and keeps scope honest when plans change.",
      },
    ],
    skills: [
      { label: "Programming Language", value: 62 },
      { label: "Backend Development", value: 58 },
      { label: "Product Design", value: 86 },
    ],
  },
  {
    id: 3,
    name: "Tunde Adeyemi",
    profession: "Engineering Tech Lead",
    bio: [
      "Tunde leads our engineers across web, mobile and cloud. He cares about software that is easy to change, tested before it ships and fast on the phones our clients' customers really use.",
      "He introduced code review, automated tests and weekly demos to every project we run, and he mentors our junior engineers until they lead projects of their own.",
    ],
    projectCount: 120,
    email: "tunde@techspark.ng",
    phone: "+234 803 555 0103",
    portrait: "team-tunde-adeyemi",
    socials: [
      { label: "LinkedIn", href: "https://www.linkedin.com/in/tunde-adeyemi-techspark" },
      { label: "X (Twitter)", href: "https://x.com/tunde_codes" },
    ],
    qualifications: [
      {
        title: "Database Integration",
        text: "Designs PostgreSQL schemas and migrations that grow from the first hundred users to the first million.",
      },
      {
        title: "Digital marketing",
        text: "Builds the analytics, tracking and A/B tests our marketers rely on, without slowing pages down.",
      },
      {
        title: "Software Development",
        text: "Leads architecture across web, mobile and cloud, and reviews every release before it ships.",
      },
    ],
    skills: [
      { label: "Programming Language", value: 96 },
      { label: "Backend Development", value: 94 },
      { label: "Product Design", value: 72 },
    ],
  },
  {
    id: 4,
    name: "Zainab Musa",
    profession: "UI/UX Lead",
    bio: [
      "Zainab designs interfaces people understand at first tap. She tests every design with real users in markets, offices and clinics before a single line of code is written.",
      "Her design systems keep our products consistent from the first screen to the hundredth, and her accessibility reviews make sure they work for people with every kind of ability.",
    ],
    projectCount: 95,
    email: "zainab@techspark.ng",
    phone: "+234 803 555 0104",
    portrait: "team-zainab-musa",
    socials: [
      { label: "LinkedIn", href: "https://www.linkedin.com/in/zainab-musa-design" },
      { label: "X (Twitter)", href: "https://x.com/zainab_designs" },
    ],
    qualifications: [
      {
        title: "Database Integration",
        text: "Designs forms and dashboards around the data a system really holds, so screens never promise what it cannot show.",
      },
      {
        title: "Digital marketing",
        text: "Turns campaign ideas into landing pages, ads and social assets that look like one brand.",
      },
      {
        title: "Software Development",
        text: "Prototypes in code with our engineers, so what users test is what we actually build.",
      },
    ],
    skills: [
      { label: "Programming Language", value: 70 },
      { label: "Backend Development", value: 55 },
      { label: "Product Design", value: 97 },
    ],
  },
  {
    id: 5,
    name: "Emeka Nwosu",
    profession: "Cybersecurity Analyst",
    bio: [
      "Emeka audits the systems we build and the ones clients bring us: penetration tests, code reviews and the fixes that follow, explained in plain language for the board.",
      "He keeps our own systems patched and monitored around the clock, and he helps clients meet the Nigeria Data Protection Act without drowning in paperwork.",
    ],
    projectCount: 60,
    email: "emeka@techspark.ng",
    phone: "+234 803 555 0105",
    portrait: "team-emeka-nwosu",
    socials: [
      { label: "LinkedIn", href: "https://www.linkedin.com/in/emeka-nwosu-security" },
      { label: "X (Twitter)", href: "https://x.com/emeka_secures" },
    ],
    qualifications: [
      {
        title: "Database Integration",
        text: "Audits database access, encryption and backups, and proves that a restore really works.",
      },
      {
        title: "Digital marketing",
        text: "Protects marketing sites and mailing lists from takeover, spam and leaked customer data.",
      },
      {
        title: "Software Development",
        text: "Reviews code for security flaws and pairs with developers on the fixes.",
      },
    ],
    skills: [
      { label: "Programming Language", value: 85 },
      { label: "Backend Development", value: 90 },
      { label: "Product Design", value: 64 },
    ],
  },
  {
    id: 6,
    name: "Halima Yusuf",
    profession: "Digital Marketing Strategist",
    bio: [
      "Halima plans campaigns that are judged on enquiries and sales, not likes: search, social, e-mail and paid ads, with a monthly report any business owner can read in five minutes.",
      "She trained in data analysis before marketing, and it shows: every campaign she plans starts with a measurable goal and ends with an honest report of what worked.",
    ],
    projectCount: 110,
    email: "halima@techspark.ng",
    phone: "+234 803 555 0106",
    portrait: "team-halima-yusuf",
    socials: [
      { label: "LinkedIn", href: "https://www.linkedin.com/in/halima-yusuf-marketing" },
      { label: "X (Twitter)", href: "https://x.com/halima_grows" },
    ],
    qualifications: [
      {
        title: "Database Integration",
        text: "Joins ad platforms, site analytics and CRM data into one report of cost per customer.",
      },
      {
        title: "Digital marketing",
        text: "Runs search, social, e-mail and paid campaigns for clients across Nigeria and West Africa.",
      },
      {
        title: "Software Development",
        text: "Works with our engineers on site speed and structured data, the technical side of SEO.",
      },
    ],
    skills: [
      { label: "Programming Language", value: 58 },
      { label: "Backend Development", value: 52 },
      { label: "Product Design", value: 84 },
    ],
  },
] satisfies TeamInput;
