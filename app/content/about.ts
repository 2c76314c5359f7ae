import type { AboutInput } from "./schemas.ts";

export const about = {
  intro: [
    "TechSpark Innovations is a technology and digital-services agency in Kubwa, Abuja. We are engineers, designers, analysts and marketers who help startups, growing businesses and established organisations build digital products, secure them and bring them to the people who need them.",
    "Clients come to us with an idea, a slow website, a manual process that has outgrown its spreadsheet or a campaign that is not working. They stay because we explain our choices in plain language, keep our promises on time and cost, and care about the result as much as they do.",
  ],
  background: [
    "The company started in 2008 as a two-person web studio building sites for Abuja businesses. As our clients grew, so did the work: mobile apps for field teams, data dashboards for managers, security reviews for systems that handle money and personal data.",
    "Today our core team in Kubwa leads a network of more than 500 skilled professionals across Nigeria, engineers, designers and marketers we have trained or worked beside, with a business-development practice that helps founders find customers, investors and the right technical talent.",
  ],
  mission:
    "To give every ambitious Nigerian business access to world-class technology and the people who know how to use it, at a price and pace that fits how it grows.",
  vision:
    "A Nigeria where a small business in Kubwa can build, launch and scale a digital product as confidently as a company anywhere in the world, and where the talent to do it is trained at home.",
  values: [
    {
      title: "Plain speaking",
      text: "We explain options, costs and risks in words a busy owner can act on, and we put every estimate in writing.",
    },
    {
      title: "Built for real conditions",
      text: "Mid-range phones, patchy networks and power cuts are our design brief, not an afterthought.",
    },
    {
      title: "Ownership",
      text: "Your code, data and accounts belong to you, documented so your business is never locked in.",
    },
    {
      title: "Growing talent",
      text: "Every project pairs senior engineers with junior ones: we train the next generation of Nigerian technologists.",
    },
  ],
  milestones: [
    { year: 2008, text: "Founded in Kubwa as a two-person web design studio for local businesses." },
    {
      year: 2013,
      text: "Launched our mobile practice and delivered our first Android app for a logistics client.",
    },
    {
      year: 2018,
      text: "Added data analytics and cybersecurity teams as clients moved their operations online.",
    },
    {
      year: 2022,
      text: "Opened the business-development practice to help founders find customers, funding and talent.",
    },
    {
      year: 2026,
      text: "A network of more than 500 professionals, and products used in cities across Nigeria and beyond.",
    },
  ],
} satisfies AboutInput;
