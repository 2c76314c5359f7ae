// The project as the galleries' card and its own page show it (the same components).
import type { PreviewProps } from "#app/components/admin/content-preview.tsx";
import { projectPath } from "#app/config/catalogue.ts";
import { caseStudyParts } from "#app/lib/case-study.ts";
import type { PictureData } from "#app/lib/media.ts";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import { ProjectCard } from "#app/components/projects/project-card.tsx";
import { CaseStudy } from "#app/components/projects/case-study.tsx";
import type { Project } from "./schema.ts";

/** A project's pictures from their names alone (as previewPortrait): every card picture is 4:3,
 *  every page picture 16:9, their JPEG /img/{name}-640.jpg (content-preview.test.ts checks the
 *  manifest says so). */
export const previewProjectPicture = (name: string, frame: "thumb" | "full"): PictureData => ({
  src: `/img/${name}-640.jpg`,
  width: frame === "thumb" ? 960 : 1600,
  height: frame === "thumb" ? 720 : 900,
  sources: [],
});

/** The project as the galleries' card and its own page show it (the same components). */
export default function ProjectPreview({ item: p, pictures }: PreviewProps<Project>) {
  return (
    <div className="grid gap-8">
      <div className="max-w-sm">
        <ProjectCard
          project={{
            id: p.id,
            title: p.title,
            tags: p.tags,
            summary: p.summary,
            thumb: pictures[p.thumb] ?? previewProjectPicture(p.thumb, "thumb"),
            href: projectPath(p.id),
          }}
          sizes="24rem"
        />
      </div>
      <div className="grid gap-6">
        <h3 className="text-h2">{p.title}</h3>
        <p className="text-lg">{p.summary}</p>
        <PictureView
          picture={pictures[p.thumbFull] ?? previewProjectPicture(p.thumbFull, "full")}
          alt=""
          sizes="48rem"
          imgClassName="aspect-[16/9] w-full rounded-[1.75rem] object-cover"
        />
        <CaseStudy project={{ ...caseStudyParts(p), tags: p.tags }} className="grid gap-10" />
      </div>
    </div>
  );
}
