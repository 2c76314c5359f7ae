// The staff-console invitation an owner sends from the console: to the person invited, with the
// single-use link that creates their passkey. The link's secret is signed from the invitation's id
// (only its hash is stored), so the e-mail can be rendered at send time; it is useless after 24
// hours, so it is never sent later than that.
import { site } from "#app/config/site.ts";
import type { LinkSigner } from "../mail/links.ts";
import { defineMailKind } from "../mail/kind.ts";
import { BRAND, href, html, layout } from "../mail/template.ts";
import { INVITATION_MS } from "./repository.ts";

export const STAFF_INVITATION = "staff-invitation";
const LINK_PURPOSE = "staff-invitation";

export const invitationToken = (links: LinkSigner, invitationId: string, expiresAt: number) =>
  links.sign(LINK_PURPOSE, invitationId, expiresAt);

type Invitation = {
  id: string;
  email: string;
  name: string;
  role: string;
  createdBy: string;
  expiresAt: number;
};

export const staffInvitation = defineMailKind<Invitation>({
  name: STAFF_INVITATION,
  // Only while it can still be used: not used, not replaced, the person not removed.
  load: async (db, id) => {
    const row = await db
      .selectFrom("staff_invitation as i")
      .innerJoin("staff_member as m", "m.id", "i.memberId")
      .select([
        "i.id",
        "i.expiresAt",
        "i.usedAt",
        "i.createdBy",
        "m.email",
        "m.name",
        "m.role",
        "m.removedAt",
      ])
      .where("i.id", "=", id)
      .executeTakeFirst();
    return row && row.usedAt === null && row.removedAt === null
      ? { ...row, expiresAt: Number(row.expiresAt) }
      : null;
  },
  retry: { giveUpAfterMs: INVITATION_MS, giveUpAs: "expired" },
  async render(i, context) {
    const { siteUrl, links } = context;
    const url = `${siteUrl}/admin/invite#${invitationToken(links, i.id, i.expiresAt)}`;
    const role = i.role === "owner" ? "an owner" : "a member of staff";
    const body = await layout(context, {
      title: "Your invitation to the staff console",
      html: html`<p style="margin:0 0 16px">
          Hello ${i.name}, ${i.createdBy} invited you to the ${site.name} staff console as ${role}: enquiries,
          comments and the newsletter, in your browser.
        </p>
        <p style="margin:0 0 16px">
          Open this link <strong>on the phone or computer you will sign in with</strong> and create a passkey
          (your fingerprint, face or screen lock). There is no password.
        </p>
        <p style="margin:0 0 20px">
          <a
            href="${href(url)}"
            style="display:inline-block;background:${BRAND};color:#ffffff;padding:12px 22px;border-radius:999px;font-weight:bold;text-decoration:none"
            >Accept the invitation</a
          >
        </p>
        <p style="margin:0 0 16px;color:#555;font-size:13px">
          The link works once, for 24 hours. If you did not expect it, ignore this e-mail: nothing happens.
        </p>`,
      text: [
        `Hello ${i.name},`,
        ``,
        `${i.createdBy} invited you to the ${site.name} staff console as ${role}.`,
        `Open this link on the phone or computer you will sign in with and create a passkey`,
        `(your fingerprint, face or screen lock). There is no password.`,
        ``,
        url,
        ``,
        `The link works once, for 24 hours. If you did not expect it, ignore this e-mail.`,
      ],
    });
    return {
      to: { name: i.name, address: i.email },
      subject: `Your invitation to the ${site.name} staff console`,
      ...body,
    };
  },
});
