import type { ProjectInput } from "./schema.ts";

// The case studies (ids are /project-details/{id}): the seed of the content type "project"
// (./type.ts), edited in the console since; the pages read the published
// projects (contentOf). Home pages show the first three, newest first as seeded.
export const projects = [
  {
    id: 1,
    title: "Kubwa Market Connect",
    tags: ["Development", "Digital"],
    summary:
      "A marketplace app that lets 400 Kubwa market traders take orders and payments on their phones, with deliveries booked from the same screen.",
    client: "Kubwa Market Traders Association",
    projectType: "Mobile marketplace app",
    date: "2025-03",
    address: "Kubwa, Abuja",
    challenge: [
      "Traders at Kubwa Village Market took orders by phone calls and notebook, lost sales when they were away from their stalls, and waited days for cash from customers who bought on credit. Earlier apps they had tried needed a constant data connection and a smartphone most traders did not own.",
    ],
    approach: [
      "We spent two weeks at the market watching how orders, credit and deliveries really worked, then built an Android app that runs on entry-level phones and works offline, syncing orders when a signal returns. Customers can also order through a WhatsApp mini application, and payments go through Paystack with the trader paid out the next morning.",
      "Delivery riders from the association are booked from the same order screen, and traders without a smartphone receive orders by SMS that a stall neighbour can confirm.",
    ],
    result: [
      "Within six months 412 traders were taking orders through the app, average weekly sales per trader rose by 23 percent, and credit sales recorded in the app were settled twice as fast as before.",
    ],
    thumb: "project-01-thumb",
    thumbFull: "project-01-full",
  },
  {
    id: 2,
    title: "HealthLine Abuja",
    tags: ["Digital"],
    summary:
      "A telemedicine web app connecting patients in the satellite towns with doctors in Abuja: booking, video consultations and e-prescriptions.",
    client: "HealthLine Clinics",
    projectType: "Telemedicine web app",
    date: "2024-11",
    address: "Wuse II, Abuja",
    challenge: [
      "Patients in Kubwa, Bwari and Gwagwalada travelled up to three hours to see a specialist in Wuse, often to be told they needed only a prescription renewal. The clinic's appointment book was a spreadsheet, and missed appointments cost it about a fifth of its consulting hours.",
    ],
    approach: [
      "We designed a web application that works well on mid-range phones: patients book and pay for a slot, receive SMS reminders, and join a video consultation that adapts to a weak connection or falls back to a voice call. Doctors see the patient's history and issue e-prescriptions that partner pharmacies can verify.",
      "Because it handles health records, the application was built to the Nigeria Data Protection Act from the start, hosted in a Lagos data centre and audited by our security team before launch.",
    ],
    result: [
      "In its first year the platform handled more than 9,000 consultations; missed appointments fell from 19 to 6 percent, and patients from the satellite towns saved an average of four hours per visit.",
    ],
    thumb: "project-02-thumb",
    thumbFull: "project-02-full",
  },
  {
    id: 3,
    title: "Naija Harvest Brand Campaign",
    tags: ["Marketing", "Promotion"],
    summary:
      "A new identity, packaging and a three-month social campaign that took a family agro business from local stalls to supermarket shelves.",
    client: "Naija Harvest Foods",
    projectType: "Branding and social campaign",
    date: "2024-08",
    address: "Makurdi, Benue",
    challenge: [
      "Naija Harvest made excellent garri, palm oil and spices, but sold them in plain bags with hand-written labels. Supermarket buyers liked the products and turned them down for their packaging, and the family's social media pages reached only friends and relatives.",
    ],
    approach: [
      "Our brand strategy workshops with the family settled on one idea: honest food from Benue farms. We designed a new logo and visual identity around it, packaging that meets NAFDAC labelling rules and stands out on a shelf, and brand guidelines so their printer could reproduce it.",
      "The launch campaign ran for three months on Instagram and Facebook, combining recipe videos by local cooks, farm stories and targeted ads around the supermarkets that stocked the range.",
    ],
    result: [
      "Two supermarket chains listed the full range within four months. Online enquiries grew from a handful to about 60 a week, and the campaign returned ₦4.20 in sales for every naira spent on advertising.",
    ],
    thumb: "project-03-thumb",
    thumbFull: "project-03-full",
  },
  {
    id: 4,
    title: "PayWise Fintech Dashboard",
    tags: ["Development"],
    summary:
      "A real-time dashboard for a payments start-up: transaction monitoring, fraud alerts and settlement reports, audited for security before launch.",
    client: "PayWise Technologies",
    projectType: "Fintech web dashboard",
    date: "2024-05",
    address: "Victoria Island, Lagos",
    challenge: [
      "PayWise's operations team watched transactions in spreadsheets exported every hour, so fraud was often discovered the next day and settlement reports for merchants took a full day to prepare. Their investors required a security audit before the next funding round.",
    ],
    approach: [
      "We built a web dashboard that streams transactions in real time, flags unusual patterns with rules the risk team can tune themselves, and produces settlement reports for each merchant automatically. Access is controlled by role, and every action is logged for the auditors.",
      "Before launch our security team ran a full penetration test and code review, and the findings were fixed and retested within three weeks.",
    ],
    result: [
      "Suspicious transactions are now reviewed within minutes instead of the next day, settlement reports take ten minutes rather than a day, and PayWise passed its investors' security due diligence without a single open critical finding.",
    ],
    thumb: "project-04-thumb",
    thumbFull: "project-04-full",
  },
  {
    id: 5,
    title: "EduBridge Learning Platform",
    tags: ["Promotion", "Digital"],
    summary:
      "An offline-first learning platform for secondary schools, with the launch campaign that signed up 120 schools in its first term.",
    client: "EduBridge Foundation",
    projectType: "E-learning platform and launch",
    date: "2023-12",
    address: "Garki, Abuja",
    challenge: [
      "EduBridge wanted secondary school students in the FCT to revise with good digital material, but many schools had unreliable power and internet, and earlier e-learning projects had been installed and then forgotten.",
    ],
    approach: [
      "We built an offline-first learning platform: lessons, videos and practice questions download to a school's tablets or a low-cost local server when the connection allows, and results sync back later. Teachers see which topics their classes find hard.",
      "A launch campaign for principals and parents combined school visits, short explainer videos and a WhatsApp help line, and we trained one champion teacher in every school.",
    ],
    result: [
      "120 schools signed up in the first term and 87 percent were still using the platform weekly at the end of the year; students who used it for a full term scored on average 11 points higher in the mock examinations.",
    ],
    thumb: "project-05-thumb",
    thumbFull: "project-05-full",
  },
  {
    id: 6,
    title: "Abuja SME Digital Survey",
    tags: ["Research"],
    summary:
      "A survey of 1,200 small businesses across the FCT on how they sell online, published as an open data set and an interactive report.",
    client: "FCT Chamber of Commerce",
    projectType: "Research and data analytics",
    date: "2023-07",
    address: "Central Business District, Abuja",
    challenge: [
      "The FCT Chamber of Commerce knew its members were moving online but had no reliable figures on how: which channels they sold through, what they paid for payments, and what stopped them from growing. Policy discussions relied on anecdotes.",
    ],
    approach: [
      "We designed a survey with the Chamber, tested it with twenty businesses, and ran it with 1,200 small businesses across the six area councils, in person and by phone. The answers were cleaned, weighted to match the Chamber's membership and analysed by sector and size.",
      "The results were published as an interactive online report and an open data set, with a short summary for policy makers.",
    ],
    result: [
      "The report became the reference figure for FCT small business digital adoption: it was cited in two state policy documents and the open data set was downloaded more than 3,000 times in its first six months.",
    ],
    thumb: "project-06-thumb",
    thumbFull: "project-06-full",
  },
] satisfies ProjectInput;
