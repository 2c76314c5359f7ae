import { Icon } from "#app/components/ui/icon.tsx";
import { TagList } from "#app/components/ui/tag-list.tsx";
import type { CaseStudyParts } from "#app/lib/case-study.ts";

type CaseStudyProps = React.ComponentProps<"div"> & {
  project: CaseStudyParts & { tags: readonly string[] };
};

/** A case study's page below its picture: the project's information and tags beside its story
 *  (the challenge, the approach, the result), then what follows it (`children`). The console's
 *  preview draws the same. `className` lays out the two columns (the page's grid). */
export function CaseStudy({ project, className, children, ...props }: CaseStudyProps) {
  return (
    <div className={className} {...props}>
      <aside aria-labelledby="project-info-title" className="lg:sticky lg:top-28 lg:self-start">
        <div className="rounded-card border border-line bg-surface p-8 shadow-card">
          <h2 id="project-info-title" className="text-h3">
            Project information
          </h2>
          <dl className="mt-6 grid gap-5">
            {project.info.map((item) => (
              <div key={item.label} className="flex gap-4">
                <dt className="grid size-11 shrink-0 place-items-center rounded-full bg-primary/12 text-primary-ink">
                  <Icon name={item.icon} className="size-5" />
                  <span className="sr-only">{item.label}</span>
                </dt>
                <dd>
                  <span aria-hidden="true" className="block text-sm font-semibold text-ink-muted">
                    {item.label}
                  </span>
                  <span className="font-semibold">{item.value}</span>
                </dd>
              </div>
            ))}
          </dl>
          <TagList tags={project.tags} className="mt-8 border-t border-line pt-6" />
        </div>
      </aside>
      <article className="min-w-0">
        {project.sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id} className="mb-12">
            <h2 id={section.id} className="text-h2">
              {section.title}
            </h2>
            <div className="mt-5 space-y-5 text-lg text-ink-muted">
              {section.text.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          </section>
        ))}
        {children}
      </article>
    </div>
  );
}
