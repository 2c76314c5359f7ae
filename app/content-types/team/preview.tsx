// The member as /team's card and their own page show them (the same components).
import type { PreviewProps } from "#app/components/admin/content-preview.tsx";
import { memberPath } from "#app/config/team.ts";
import type { PictureData } from "#app/lib/media.ts";
import { TeamCard } from "#app/components/sections/team-card.tsx";
import { TeamProfile } from "#app/components/sections/team-profile.tsx";
import type { TeamMember } from "./schema.ts";

/** A team portrait's picture from its name alone (as previewPortrait): every team portrait is
 *  made to the portrait frame, 4:5, its JPEG /img/{name}-640.jpg (content-preview.test.ts checks
 *  the manifest says so). */
export const previewTeamPortrait = (name: string): PictureData => ({
  src: `/img/${name}-640.jpg`,
  width: 640,
  height: 800,
  sources: [],
});

/** The member as /team's card and their own page show them (the same components); one who left
 *  is said to be hidden, as the site shows them nowhere. `pictures`: an uploaded portrait's. */
export default function MemberPreview({ item: m, pictures }: PreviewProps<TeamMember>) {
  const card = {
    id: m.id,
    name: m.name,
    profession: m.profession,
    email: m.email,
    phone: { display: m.phone, tel: m.phone.replace(/[^\d+]/g, "") },
    portrait: pictures[m.portrait] ?? previewTeamPortrait(m.portrait),
    href: memberPath(m.id),
    socials: m.socials,
    summary: m.bio[0] ?? "",
    projectCount: m.projectCount,
  };
  return (
    <div className="grid gap-6">
      {m.hidden && (
        <p className="rounded-2xl border border-line p-4 text-sm font-medium">
          Left the agency: the site shows this member nowhere; their posts keep their name.
        </p>
      )}
      <div className="max-w-xs">
        <TeamCard member={card} layout="grid" />
      </div>
      <TeamProfile
        member={{ ...card, bio: m.bio, qualifications: m.qualifications, skills: m.skills }}
        contactHref="/contact-us"
      />
    </div>
  );
}
