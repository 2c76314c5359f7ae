// The agency's details: the header, footer, side panel and contact blocks of every page, the
// contact page's hours and the structured data (app/lib/agency.ts).
import { choices, contentType } from "../define.ts";
import { socialLabels } from "#app/content/schemas.ts";
import { agencySchema, type Agency } from "./schema.ts";
import { agency } from "./seed.ts";

export const agencyType = contentType<Agency>({
  name: "agency",
  item: agencySchema,
  key: (a) => a.id,
  seed: agency,
  label: "The agency's details",
  itemLabel: "details",
  title: () => "Address, phones, e-mails, hours and social links",
  single: true,
  fields: [
    { name: "address.street", label: "Street", kind: "line", hint: "Plot or number and street." },
    { name: "address.locality", label: "Town or district", kind: "line", hint: "For example: Kubwa." },
    { name: "address.region", label: "State", kind: "line", hint: "For example: Abuja, FCT." },
    { name: "address.country", label: "Country", kind: "line" },
    {
      name: "address.countryCode",
      label: "Country code",
      kind: "line",
      hint: "Two capital letters, for search engines: NG for Nigeria.",
    },
    {
      name: "mapLink",
      label: "Map link",
      kind: "line",
      optional: true,
      hint: "An https address where the address opens on a map. Empty: the address is plain text.",
    },
    {
      name: "phones",
      label: "Phone numbers",
      kind: "lines",
      hint: "One to three, one a line, as people dial them from abroad: +234 803 555 0142.",
    },
    {
      name: "emails",
      label: "E-mail addresses",
      kind: "lines",
      hint: "One to three, one a line. Messages from the contact form go to the inbox set for the server, not here.",
    },
    {
      name: "hours",
      label: "Opening hours",
      kind: "line",
      hint: "As the contact page says them: Monday – Friday, 8:00 – 17:00 (WAT).",
    },
    {
      name: "socials",
      label: "Social links",
      kind: "rows",
      rowLabel: "profile",
      fields: [
        {
          name: "label",
          label: "Network",
          kind: "choice",
          options: choices(socialLabels),
        },
        { name: "href", label: "Profile address", kind: "line", hint: "Starting with https://." },
      ],
    },
    { name: "id", label: "Short name", kind: "key" },
  ],
  pages: ["/", "/contact-us", "/about-us"],
  shown: { field: "address.street" },
});
