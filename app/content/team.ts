import type { TeamInput } from "./schemas.ts";

// The people who lead our work (ids are /team-details/{id}). Home pages show the first three.
export const team = [
  {
    id: 1,
    slug: "chinedu-okafor",
    name: "Chinedu Okafor",
    profession: "Founder / CEO",
    bio: [
      "Chinedu founded TechSpark in 2008 after a decade building banking software in Lagos. He still reviews every proposal we send, and spends his free time mentoring first-time founders in Abuja.",
    ],
    projectCount: 150,
    email: "chinedu@techspark.ng",
    phone: { display: "+234 803 555 0101", tel: "+2348035550101" },
    portrait: "team-chinedu-okafor",
    href: "/team-details/1",
  },
  {
    id: 2,
    slug: "amina-bello",
    name: "Amina Bello",
    profession: "Business Development Manager",
    bio: [
      "Amina helps founders turn a product into a business: market research, pricing, partnerships and investor pitches. Before TechSpark she ran growth for an agritech start-up in Kaduna.",
    ],
    projectCount: 85,
    email: "amina@techspark.ng",
    phone: { display: "+234 803 555 0102", tel: "+2348035550102" },
    portrait: "team-amina-bello",
    href: "/team-details/2",
  },
  {
    id: 3,
    slug: "tunde-adeyemi",
    name: "Tunde Adeyemi",
    profession: "Engineering Tech Lead",
    bio: [
      "Tunde leads our engineers across web, mobile and cloud. He cares about software that is easy to change, tested before it ships and fast on the phones our clients' customers really use.",
    ],
    projectCount: 120,
    email: "tunde@techspark.ng",
    phone: { display: "+234 803 555 0103", tel: "+2348035550103" },
    portrait: "team-tunde-adeyemi",
    href: "/team-details/3",
  },
  {
    id: 4,
    slug: "zainab-musa",
    name: "Zainab Musa",
    profession: "UI/UX Lead",
    bio: [
      "Zainab designs interfaces people understand at first tap. She tests every design with real users in markets, offices and clinics before a single line of code is written.",
    ],
    projectCount: 95,
    email: "zainab@techspark.ng",
    phone: { display: "+234 803 555 0104", tel: "+2348035550104" },
    portrait: "team-zainab-musa",
    href: "/team-details/4",
  },
  {
    id: 5,
    slug: "emeka-nwosu",
    name: "Emeka Nwosu",
    profession: "Cybersecurity Analyst",
    bio: [
      "Emeka audits the systems we build and the ones clients bring us: penetration tests, code reviews and the fixes that follow, explained in plain language for the board.",
    ],
    projectCount: 60,
    email: "emeka@techspark.ng",
    phone: { display: "+234 803 555 0105", tel: "+2348035550105" },
    portrait: "team-emeka-nwosu",
    href: "/team-details/5",
  },
  {
    id: 6,
    slug: "halima-yusuf",
    name: "Halima Yusuf",
    profession: "Digital Marketing Strategist",
    bio: [
      "Halima plans campaigns that are judged on enquiries and sales, not likes: search, social, e-mail and paid ads, with a monthly report any business owner can read in five minutes.",
    ],
    projectCount: 110,
    email: "halima@techspark.ng",
    phone: { display: "+234 803 555 0106", tel: "+2348035550106" },
    portrait: "team-halima-yusuf",
    href: "/team-details/6",
  },
] satisfies TeamInput;
