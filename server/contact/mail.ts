// The contact-notice e-mail: a visitor's message, sent to the agency (MAIL_TO) with Reply-To set
// to the visitor, rendered at send time from the stored message.
import type { Selectable } from "kysely";
import { defineMailKind } from "../mail/kind.ts";
import { href, html, layout, paragraphs } from "../mail/template.ts";
import type { ContactMessageTable } from "./tables.ts";

export const CONTACT_NOTICE = "contact-notice";

type ContactMessage = Selectable<ContactMessageTable>;

/** The Message-ID's local part: `<contact-{message id}@…>`, as before the outbox was shared. */
export const contactMessageId = (id: string) => `contact-${id}`;

export const contactNotice = defineMailKind<ContactMessage>({
  name: CONTACT_NOTICE,
  jobLivesWithRecord: true, // a message's delivery state (erased and purged with the message)
  load: (db, id) => db.selectFrom("contact_message").selectAll().where("id", "=", id).executeTakeFirst(),
  async render(m, context) {
    const received = new Date(m.createdAt);
    const when = received.toUTCString();
    const row = (label: string, value: ReturnType<typeof html> | string) =>
      html`<tr>
        <th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${label}</th>
        <td style="padding:4px 0">${value}</td>
      </tr>`;
    const body = await layout(context, {
      title: "New enquiry from the website contact form",
      html: html`<table role="presentation" style="border-collapse:collapse">
          ${row("Name", m.name)} ${row("E-mail", html`<a href="${href(`mailto:${m.email}`)}">${m.email}</a>`)}
          ${row("Phone", html`<a href="${href(`tel:${m.phone.replace(/ /g, "")}`)}">${m.phone}</a>`)}
          ${row("Sent", when)}
        </table>
        <h2 style="font-size:16px;margin:16px 0 8px">Message</h2>
        ${paragraphs(m.message)}`,
      text: [
        `Name:    ${m.name}`,
        `E-mail:  ${m.email}`,
        `Phone:   ${m.phone}`,
        `Sent:    ${when}`,
        ``,
        `Message:`,
        m.message,
      ],
      footer: {
        html: html`Reply to this e-mail to answer ${m.name} directly. Reference: ${m.id}`,
        text: [`Reply to this e-mail to answer ${m.name} directly.`, `Reference: ${m.id}`],
      },
    });
    return {
      to: context.agency,
      replyTo: { name: m.name, address: m.email },
      subject: `New enquiry from ${m.name}`,
      date: received,
      ...body,
    };
  },
});
