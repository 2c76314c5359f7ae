import type { ServiceGroupInput, ServiceSummaryInput } from "./schema.ts";

// The agency's catalogue: the seed of the content type "service" (./type.ts),
// edited in the console since; the pages read the published services (contentOf). Numbers are
// stable: a service with `details` has its own page (/services-details/{id}); one without links
// to the page of the service that covers it (`coveredBy`: Logo Design → Branding). The home pages
// feature the first three; 1 and 2 are the spec's two popular services. The groups stay here, in
// code (decision 020).

/** The groups the service listings show, in order. */
export const serviceGroups = [
  {
    id: "development",
    title: "Apps, Websites & Software",
    text: "Products your customers use every day, designed, built, tested and kept running by one team.",
  },
  {
    id: "business",
    title: "Business, Data & Security",
    text: "Advice and analysis that help you decide where to grow, and audits that keep what you build safe.",
  },
  {
    id: "branding",
    title: "Branding & Design",
    text: "Six branding services that give your business a name people remember and a look they trust.",
  },
  {
    id: "marketing",
    title: "Digital Marketing",
    text: "Campaigns that bring the right people to your product and reports that show what each naira returned.",
  },
] satisfies ServiceGroupInput;

/** What every app engagement includes (the spec's included services for an application). */
const appIncluded = [
  {
    title: "Monthly application maintenance",
    text: "Security patches, library upgrades, uptime monitoring and a monthly report, for a fixed fee.",
  },
  {
    title: "White-label applications",
    text: "A proven product we adapt to your brand and rules, when you need to launch in weeks rather than months.",
  },
  {
    title: "Mini applications",
    text: "Small focused apps and mini-programs inside platforms your customers already use, such as WhatsApp.",
  },
  {
    title: "DevOps",
    text: "Automated builds, tests and releases, infrastructure as code and alerts that reach us before your customers notice.",
  },
];

export const services = [
  {
    id: 1,
    title: "Mobile App Development",
    text: "Android and iOS apps that stay fast on mid-range phones and patchy networks, from clickable prototype to store release and beyond.",
    icon: "smartphone",
    image: "service-mobile-app-development",
    group: "development",
    popular: true,
    details: {
      intro: [
        "Most of your customers meet your business on a phone, and most of those phones are mid-range Android devices on networks that drop in and out. We build apps for those conditions first: small downloads, screens that work offline and sync when the signal returns, and payments that never charge twice.",
        "We work in React Native and Kotlin, from a clickable prototype you can put in front of customers in the second week to the release on Google Play and the App Store, and we stay on to maintain what we ship.",
      ],
      included: appIncluded,
      challenge: [
        "The hard part of a mobile app is rarely the first version: it is keeping it fast and reliable as features pile up, devices change and Google and Apple update their rules every year. We plan for that from the start, with automated tests on real low-end devices, crash reporting and a release process your team can follow without us.",
      ],
      faq: [
        {
          question: "How long does a first version of an app take?",
          answer: [
            "A focused first version usually takes ten to fourteen weeks, including two weeks of research and design. We agree the scope in writing before we start and show you working software every two weeks.",
          ],
        },
        {
          question: "Do you build for both Android and iOS?",
          answer: [
            "Yes. We usually build one React Native app for both platforms, which saves about a third of the cost; where an app needs deep device features we build natively.",
          ],
        },
        {
          question: "Who owns the code and the store accounts?",
          answer: [
            "You do. The code is in your repository from the first day and the apps are published under your own developer accounts.",
          ],
        },
      ],
    },
  },
  {
    id: 2,
    title: "Web App Development",
    text: "Portals, dashboards and customer platforms built on proven open technology, secured from day one and easy for your team to run.",
    icon: "app-window",
    image: "service-web-app-development",
    group: "development",
    popular: true,
    details: {
      intro: [
        "A web application is often the system your staff spend all day in: a customer portal, a booking platform, a back-office dashboard. We build them on open, well-supported technology (TypeScript, React, Node.js and PostgreSQL) so you are never locked in to us or to a vendor.",
        "Every project starts with the people who will use it. We watch how work is done today, design the shortest path through it, and ship in small releases your team can try on real data.",
      ],
      included: appIncluded,
      challenge: [
        "Business software grows in ways nobody planned: new branches, new roles, a regulator's new report. The challenge is to keep the application simple to change after the fifth request as it was after the first. We keep the data model clean, write tests for the rules that matter, and document decisions, so that any competent developer can pick the work up after us.",
      ],
      faq: [
        {
          question: "Can you take over an application another team built?",
          answer: [
            "Yes. We start with a two-week audit of the code, hosting and security, tell you plainly what we found, and propose what to fix first.",
          ],
        },
        {
          question: "Where will our application be hosted?",
          answer: [
            "Where it suits your data and budget: a Nigerian data centre when the law or your customers require it, otherwise a major cloud provider. We set up backups and monitoring either way.",
          ],
        },
        {
          question: "Will it work with the tools we already use?",
          answer: [
            "Usually. We regularly connect to Paystack, Flutterwave, Remita, accounting packages, SMS gateways and e-mail providers through their official interfaces.",
          ],
        },
      ],
    },
  },
  {
    id: 3,
    title: "Business Development",
    text: "Market research, go-to-market plans and investor-ready pitch material that turn a working product into a growing business.",
    icon: "trending-up",
    image: "service-business-development",
    group: "business",
    details: {
      intro: [
        "A good product does not sell itself. Our business development team helps founders and managers find the customers who need what they have built, price it so it pays, and tell its story to buyers and investors.",
        "We combine field research in Nigerian markets with the data your product already collects, so every recommendation comes with the evidence behind it.",
      ],
      included: [
        {
          title: "Market research",
          text: "Interviews, surveys and competitor reviews that show who buys, why, and what they pay today.",
        },
        {
          title: "Go-to-market plan",
          text: "Which customers to approach first, through which channels, with what offer and budget.",
        },
        {
          title: "Pricing and packaging",
          text: "Plans and price points tested with real buyers before you commit to them.",
        },
        {
          title: "Investor materials",
          text: "A pitch deck, financial model and data room that answer the questions investors will ask.",
        },
      ],
      challenge: [
        "Many young companies try to sell to everyone at once and run out of money before any one market takes off. The work is choosing: one segment, one message, one channel, measured honestly for a quarter before the next step. We help you make those choices and keep to them.",
      ],
      faq: [
        {
          question: "Do you only work with start-ups?",
          answer: [
            "No. About half of our business development clients are established companies launching a new product line or entering a new state.",
          ],
        },
        {
          question: "Can you introduce us to investors?",
          answer: [
            "We prepare you for investors and can recommend angel networks and funds that invest at your stage, but we do not take fees for introductions.",
          ],
        },
        {
          question: "How long is a typical engagement?",
          answer: [
            "A research and go-to-market plan takes six to eight weeks; many clients then keep us on for a few days a month to review results.",
          ],
        },
      ],
    },
  },
  {
    id: 4,
    title: "Web Design",
    text: "Websites that explain what you do in five seconds, load quickly on any phone and bring in enquiries, not just compliments.",
    icon: "layout-template",
    image: "service-web-design",
    group: "development",
    details: {
      intro: [
        "Your website is the first place a new customer checks whether you are serious. We design sites that say clearly who you serve and what to do next, and that load in under two seconds on a mid-range phone.",
        "Design and content are worked out together: we write or edit your copy, plan the pages around the questions customers actually ask, and hand over a site your team can update without calling us.",
      ],
      included: [
        {
          title: "UI/UX design",
          text: "Research, wireframes and tested prototypes before a single page is built.",
        },
        {
          title: "Landing pages",
          text: "Fast single pages for a campaign or launch, with one clear call to action and measured results.",
        },
        {
          title: "Content and SEO basics",
          text: "Page titles, descriptions, structure and copy that search engines and people both understand.",
        },
        {
          title: "Website maintenance",
          text: "Updates, backups, security checks and small changes every month, for a fixed fee.",
        },
      ],
      challenge: [
        "Most business websites try to say everything on the home page and end up saying nothing. The challenge is editing: deciding which three things a visitor must understand, and making every other page support them. We run short workshops with your team to get there before design starts.",
      ],
      faq: [
        {
          question: "How much does a new website cost?",
          answer: [
            "A small business site of five to eight pages usually costs between ₦1.5 and ₦3 million, depending on content and integrations. We give a fixed quote after a free consultation.",
          ],
        },
        {
          question: "Can we update the website ourselves?",
          answer: [
            "Yes. We set up a simple editor for your pages, news and team, and train the people who will use it.",
          ],
        },
        {
          question: "Do you write the content as well?",
          answer: [
            "We can. Our writers interview you and your customers and draft the pages; you approve every word before it goes live.",
          ],
        },
      ],
    },
  },
  {
    id: 5,
    title: "Software Engineering",
    text: "Custom systems, integrations and APIs engineered for reliability, with automated tests and documentation your team can build on.",
    icon: "code-xml",
    image: "service-software-engineering",
    group: "development",
    details: {
      intro: [
        "Some problems do not fit an off-the-shelf package: a pricing engine, an integration between ten-year-old systems, a service that must process millions of transactions a day. Our engineers design and build that software, and test it as seriously as you will depend on it.",
        "We work in small teams led by a senior engineer, in your repository, with code reviews and automated tests from the first commit.",
      ],
      included: [
        {
          title: "Architecture and design",
          text: "A written design that weighs the options, the costs and the risks before the build begins.",
        },
        {
          title: "APIs and integrations",
          text: "Reliable connections to banks, payment providers, government services and your existing systems.",
        },
        {
          title: "QA engineering",
          text: "Automated unit, integration and browser tests, and manual testing on the devices your customers use.",
        },
        {
          title: "DevOps",
          text: "Continuous integration, repeatable deployments and monitoring, so releases become routine.",
        },
      ],
      challenge: [
        "The cost of software is mostly in changing it later. The challenge is to build something that does what is needed today without making tomorrow's change expensive: clear boundaries between parts, tests that describe the rules, and no cleverness where plain code will do.",
      ],
      faq: [
        {
          question: "Which languages and platforms do you use?",
          answer: [
            "Mostly TypeScript, Node.js, Python, Kotlin and PostgreSQL, on Linux servers or the major clouds. We choose what your team can maintain.",
          ],
        },
        {
          question: "Can your engineers join our own team?",
          answer: [
            "Yes. Several clients have our engineers working in their teams and rituals for months at a time, with a senior engineer of ours as the point of contact.",
          ],
        },
        {
          question: "How do you make sure the software is tested?",
          answer: [
            "Every change is reviewed by a second engineer and must pass the automated test suite before it is merged; our QA engineers test each release on real devices.",
          ],
        },
      ],
    },
  },
  {
    id: 6,
    title: "Data Analytics",
    text: "Dashboards, reports and forecasts built on your own data, so decisions rest on numbers rather than guesses.",
    icon: "chart-column",
    image: "service-data-analytics",
    group: "business",
    details: {
      intro: [
        "Your sales system, your website and your accounts already hold the answers to most of your questions; they are just in different places. We bring that data together, clean it, and turn it into dashboards and reports your managers will actually open.",
        "Where the data allows, we go further: demand forecasts, customer segments and the early signs that a customer is about to leave.",
      ],
      included: [
        {
          title: "Data collection and cleaning",
          text: "Pipelines that gather data from your systems every day and fix what is missing or duplicated.",
        },
        {
          title: "Dashboards and reports",
          text: "A small number of clear measures, updated automatically, for each team that needs them.",
        },
        {
          title: "Marketing analytics",
          text: "Which campaigns and channels bring customers who stay, and what each of them cost.",
        },
        {
          title: "Forecasting",
          text: "Demand and cash forecasts that improve as more data arrives, with their uncertainty shown.",
        },
      ],
      challenge: [
        "The first obstacle is seldom the analysis; it is trust in the data. If two reports show two different sales figures, people stop reading both. We start by agreeing definitions with your team and checking every number against its source before anything is published.",
      ],
      faq: [
        {
          question: "Do we need a lot of data to start?",
          answer: [
            "No. A year of sales records is often enough for useful reports; forecasting needs more history, and we will tell you honestly when it is not there yet.",
          ],
        },
        {
          question: "Which tools do you use for dashboards?",
          answer: [
            "We work with Metabase, Power BI and Looker Studio, or build dashboards into your own application when they need to reach customers.",
          ],
        },
        {
          question: "How do you protect our customers' data?",
          answer: [
            "We follow the Nigeria Data Protection Act: we work on your infrastructure where possible, remove personal details we do not need, and sign a data processing agreement.",
          ],
        },
      ],
    },
  },
  {
    id: 7,
    title: "Cybersecurity & Auditing",
    text: "Security audits, penetration tests and practical fixes that protect your customers' data and your reputation.",
    icon: "shield-check",
    image: "service-cybersecurity-auditing",
    group: "business",
    details: {
      intro: [
        "Attackers target small and medium businesses because they expect weak defences. We find your weak points before they do: in your applications, your servers, your staff's accounts and your suppliers' access.",
        "Our audits end with a report in plain language, ranked by risk, and we help your team fix what matters first rather than leaving you with a list.",
      ],
      included: [
        {
          title: "Security audit",
          text: "A review of your systems, access rights, backups and policies against recognised standards.",
        },
        {
          title: "Penetration testing",
          text: "Authorised attacks on your web and mobile applications to show what a real attacker could reach.",
        },
        {
          title: "NDPA compliance",
          text: "What the Nigeria Data Protection Act asks of you, and the records and processes to show you comply.",
        },
        {
          title: "Staff awareness training",
          text: "Short sessions that teach your team to spot phishing and handle customer data safely.",
        },
      ],
      challenge: [
        "Security competes with everything else for time and money, so a report of two hundred findings usually changes nothing. The challenge is priority: which five fixes remove most of the risk this month. We rank findings by how likely and how damaging they are, and retest after you fix them.",
      ],
      faq: [
        {
          question: "Will a penetration test disrupt our systems?",
          answer: [
            "We agree the scope and timing with you in writing, test outside busy hours where needed, and stop at once if anything looks unstable.",
          ],
        },
        {
          question: "How often should we have an audit?",
          answer: [
            "Once a year for most businesses, and after any major change such as a new application, a merger or a move to the cloud.",
          ],
        },
        {
          question: "What happens if you find a serious problem?",
          answer: [
            "We tell you the same day, explain the risk, and help your team close it before we continue the audit.",
          ],
        },
      ],
    },
  },
  {
    id: 8,
    title: "Branding",
    text: "Everything that makes your business recognisable, from strategy and name to logo, packaging and the guidelines that keep it consistent.",
    icon: "palette",
    image: "service-branding",
    group: "branding",
    details: {
      intro: [
        "A brand is the promise customers remember when they choose between you and the next supplier. We help you decide what that promise is, then express it in a name, a logo, colours, words and packaging that work on a shop front and on a phone screen.",
        "Our branding work covers six services that can be taken together or on their own: brand strategy, logo design, graphic design, visual identity, packaging design and brand guidelines.",
      ],
      included: [
        {
          title: "Brand strategy",
          text: "Research and workshops that define your audience, your position and the way you speak.",
        },
        {
          title: "Logo design and visual identity",
          text: "A logo, colours, type and imagery that belong together and are recognisable at any size.",
        },
        {
          title: "Graphic and packaging design",
          text: "Packaging, print and social graphics that stand out on a crowded shelf or feed.",
        },
        {
          title: "Brand guidelines",
          text: "A clear guide, with templates, so every supplier and staff member applies the brand correctly.",
        },
      ],
      challenge: [
        "A new logo alone rarely changes how customers see a business. The challenge is consistency: the same promise, look and tone on every receipt, vehicle, post and package for years. We design brands to be easy to apply, and we test them on real materials before they are final.",
      ],
      faq: [
        {
          question: "How long does a new brand identity take?",
          answer: [
            "Six to ten weeks from the first workshop to final files, depending on how many materials and packaging items are included.",
          ],
        },
        {
          question: "Can you refresh our brand instead of replacing it?",
          answer: [
            "Often that is the better choice. We keep what customers already recognise and fix what holds the brand back.",
          ],
        },
        {
          question: "What files do we receive?",
          answer: [
            "All logo versions in vector and image formats, colour and type specifications, templates for common materials and the brand guidelines, all yours to use.",
          ],
        },
      ],
    },
  },
  {
    id: 9,
    title: "Social Media Marketing",
    text: "Content, community management and paid social campaigns on the platforms your customers use, measured in sales rather than likes.",
    icon: "megaphone",
    image: "service-social-media-marketing",
    group: "marketing",
    details: {
      intro: [
        "Nigerian customers discover, compare and ask questions about businesses on Instagram, Facebook, X, TikTok and WhatsApp. We plan and run your presence there: what to post, when, in what voice, and how to answer the customers who reply.",
        "Organic content is combined with paid campaigns, e-mail and content marketing, and everything is tracked to the enquiries and sales it brings.",
      ],
      included: [
        {
          title: "Content marketing",
          text: "A monthly calendar of posts, videos and articles written and designed for your audience.",
        },
        {
          title: "PPC advertising",
          text: "Paid campaigns on social platforms and Google, with budgets moved weekly to what performs.",
        },
        {
          title: "Email marketing",
          text: "Newsletters and automated messages that bring customers back, sent within the senders' rules.",
        },
        {
          title: "Community management",
          text: "Replies to comments and messages within working hours, in your voice, with escalation for complaints.",
        },
      ],
      challenge: [
        "Followers are easy to buy and worth nothing. The challenge is attention from people who might buy, and proof that the spending pays. We set one measurable goal per campaign, track it from the first post, and report monthly on what each naira returned.",
      ],
      faq: [
        {
          question: "Which platforms should our business be on?",
          answer: [
            "Only the ones your customers use. We check where your audience spends time and start with one or two platforms done well.",
          ],
        },
        {
          question: "How much should we spend on advertising?",
          answer: [
            "Most of our small business clients start with ₦150,000 to ₦500,000 a month in ad spend and raise it as campaigns prove themselves.",
          ],
        },
        {
          question: "How do we know it is working?",
          answer: [
            "You receive a monthly report of enquiries, sales and cost per customer from each channel, with what we will change next month.",
          ],
        },
      ],
    },
  },
  {
    id: 10,
    title: "Search Engine Optimisation",
    text: "Technical fixes, content and local listings that help customers find your business when they search for what you offer.",
    icon: "search",
    image: "service-seo",
    group: "marketing",
    details: {
      intro: [
        "When someone in Abuja searches for the service you sell, the first few results take almost all the clicks. Search engine optimisation is the steady work of earning those places: a fast, well-built site, content that answers real questions, and a trustworthy local presence.",
        "We start with an audit of your site and competitors, fix the technical problems first, and then build content month by month around what your customers search for.",
      ],
      included: [
        {
          title: "Technical SEO audit",
          text: "Speed, mobile usability, indexing and structured data checked and fixed page by page.",
        },
        {
          title: "Keyword and content plan",
          text: "The searches that bring customers, and the pages and articles that answer them.",
        },
        {
          title: "Local SEO",
          text: "Business listings, maps and reviews that put you in front of customers nearby.",
        },
        {
          title: "Monthly reporting",
          text: "Rankings, visits and enquiries from search, explained in plain language each month.",
        },
      ],
      challenge: [
        "SEO takes months, and shortcuts that promise faster results often get sites penalised. The challenge is patience with evidence: we agree realistic targets, report progress monthly, and only use methods the search engines publish as acceptable.",
      ],
      faq: [
        {
          question: "How long before we see results from SEO?",
          answer: [
            "Technical fixes can show within weeks; content usually needs three to six months to rank well, depending on competition.",
          ],
        },
        {
          question: "Can you guarantee first place on Google?",
          answer: [
            "No one honestly can. We guarantee the work, the methods and transparent reporting, and we show how your rankings and enquiries change.",
          ],
        },
        {
          question: "Do you write the articles too?",
          answer: [
            "Yes. Our writers research and draft articles with your experts, and every article is approved by you before publication.",
          ],
        },
      ],
    },
  },
  // Covered by the pages above: each card links to the service that includes it.
  {
    id: 11,
    title: "UI/UX Design",
    text: "Research, prototypes and interfaces tested with real users, so your product is easy to use the first time.",
    icon: "pen-tool",
    image: "service-ui-ux-design",
    group: "development",
    coveredBy: 4,
  },
  {
    id: 12,
    title: "Landing Pages",
    text: "Fast single pages for a launch or campaign, with one clear call to action and results you can measure.",
    icon: "rocket",
    image: "service-landing-pages",
    group: "development",
    coveredBy: 4,
  },
  {
    id: 13,
    title: "Website Maintenance",
    text: "Updates, backups, security checks and small changes every month, so your website never falls behind.",
    icon: "wrench",
    image: "service-website-maintenance",
    group: "development",
    coveredBy: 4,
  },
  {
    id: 14,
    title: "QA Engineering",
    text: "Automated and manual testing on the devices your customers use, so releases stop breaking what worked.",
    icon: "bug",
    image: "service-qa-engineering",
    group: "development",
    coveredBy: 5,
  },
  {
    id: 15,
    title: "Brand Strategy",
    text: "Who your customers are, what you promise them and how you say it, agreed before anything is designed.",
    icon: "target",
    image: "service-brand-strategy",
    group: "branding",
    coveredBy: 8,
  },
  {
    id: 16,
    title: "Logo Design",
    text: "A distinctive logo that reads clearly on a shop sign, a receipt and a phone's app icon alike.",
    icon: "shapes",
    image: "service-logo-design",
    group: "branding",
    coveredBy: 8,
  },
  {
    id: 17,
    title: "Graphic Design",
    text: "Print, social and presentation graphics that carry your brand with care, delivered on time.",
    icon: "palette",
    image: "service-graphic-design",
    group: "branding",
    coveredBy: 8,
  },
  {
    id: 18,
    title: "Visual Identity",
    text: "Colours, type, imagery and layouts that make everything you publish recognisably yours.",
    icon: "eye",
    image: "service-visual-identity",
    group: "branding",
    coveredBy: 8,
  },
  {
    id: 19,
    title: "Packaging Design",
    text: "Packaging that stands out on a crowded shelf, survives the journey and meets labelling rules.",
    icon: "package",
    image: "service-packaging-design",
    group: "branding",
    coveredBy: 8,
  },
  {
    id: 20,
    title: "Brand Guidelines",
    text: "A practical guide with templates so staff and suppliers apply your brand the same way every time.",
    icon: "book-open",
    image: "service-brand-guidelines",
    group: "branding",
    coveredBy: 8,
  },
  {
    id: 21,
    title: "Email Marketing",
    text: "Newsletters and automated journeys that reach the inbox and bring customers back to buy again.",
    icon: "mail",
    image: "service-email-marketing",
    group: "marketing",
    coveredBy: 9,
  },
  {
    id: 22,
    title: "PPC Advertising",
    text: "Search and social ads with budgets moved every week to the campaigns that bring paying customers.",
    icon: "mouse-pointer-click",
    image: "service-ppc-advertising",
    group: "marketing",
    coveredBy: 9,
  },
  {
    id: 23,
    title: "Content Marketing",
    text: "Articles, videos and guides that answer your customers' questions and earn their trust before they buy.",
    icon: "file-pen-line",
    image: "service-content-marketing",
    group: "marketing",
    coveredBy: 9,
  },
  {
    id: 24,
    title: "Marketing Analytics",
    text: "Tracking and reports that show which channels bring customers who stay, and what each one cost.",
    icon: "chart-pie",
    image: "service-marketing-analytics",
    group: "marketing",
    coveredBy: 6,
  },
] satisfies ServiceSummaryInput;
