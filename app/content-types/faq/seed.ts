import type { FaqInput } from "./schema.ts";

export const faqs = [
  {
    id: "how-long-in-business",
    question: "How long have you been in business?",
    answer: [
      "TechSpark Innovations has been building software and running digital campaigns since 2008: more than eighteen years of shipping products for startups, SMEs, NGOs and public-sector teams in Abuja and across Nigeria.",
      "Many of our first clients still work with us, which is the figure we are proudest of.",
    ],
    featured: true,
  },
  {
    id: "what-is-seo",
    question: "What is search engine optimization?",
    answer: [
      "Search engine optimization (SEO) is the work that helps people find your business when they search on Google: a fast, well-structured website, pages that answer the questions your customers actually type, and a good reputation on other sites that link to you.",
      "We audit what you have, fix the technical issues, plan content around real search demand in your market, and report the visits and enquiries it brings every month.",
    ],
    featured: true,
  },
  {
    id: "do-i-need-a-website",
    question: "Do I need a website if I already sell on social media?",
    answer: [
      "Social media is where people discover you; a website is where they decide to trust you. It is the one place you own: it shows up in search, works on every phone, takes enquiries at any hour and is not at the mercy of an algorithm change.",
      "For many small businesses we start with a fast one-page site that links to WhatsApp and Instagram, and grow it as the business grows.",
    ],
    featured: true,
  },
  {
    id: "how-long-does-a-project-take",
    question: "How long does a typical project take?",
    answer: [
      "A landing page takes one to two weeks, a company website four to six weeks, and a web or mobile application usually three to six months for a first release. After the discovery workshop you get a written plan with milestones and dates.",
    ],
  },
  {
    id: "how-much-does-it-cost",
    question: "How much will my project cost?",
    answer: [
      "It depends on scope, so we do not publish a price list. After a free consultation we send a fixed-price proposal for well-defined work, or a monthly retainer for ongoing development and marketing. You always know the cost before any work starts.",
    ],
  },
  {
    id: "who-owns-the-code",
    question: "Who owns the code and designs when the project is finished?",
    answer: [
      "You do. When the final invoice is paid, the source code, design files, domain names and accounts are transferred to your company, and we document everything so another team could take over if you ever needed them to.",
    ],
  },
  {
    id: "support-after-launch",
    question: "Do you support the product after launch?",
    answer: [
      "Yes. Every launch includes thirty days of free fixes, and most clients continue on a maintenance plan: security updates, backups, uptime monitoring, small improvements and a named engineer who answers within one business day.",
    ],
  },
  {
    id: "work-with-remote-clients",
    question: "Do you only work with clients in Abuja?",
    answer: [
      "Our studio is in Kubwa, Abuja, and we are happy to meet in person, but about half of our clients are in Lagos, Port Harcourt, Kano and abroad. We work in shared project boards, weekly video calls and written updates, so distance does not slow a project down.",
    ],
  },
  {
    id: "payments-in-naira",
    question: "Can I pay in naira and in instalments?",
    answer: [
      "Yes. We invoice in naira by default (or in dollars for clients abroad), and projects are paid in milestones: a deposit to start, then a payment as each agreed piece of work is delivered and approved.",
    ],
  },
  {
    id: "is-my-data-safe",
    question: "How do you keep my business data safe?",
    answer: [
      "Security is part of how we build, not an extra: encrypted connections and storage, least-privilege access, code review, dependency updates and backups as standard. For systems that handle payments or personal data we run a security audit before launch and can help you meet the Nigeria Data Protection Act.",
    ],
  },
] satisfies FaqInput;
