// What a case study's page shows of a project besides its picture: the information list (client,
// type, date, address) and the three parts of its story. The page's loader and the console's
// preview make them the same way (app/components/projects/case-study.tsx draws them).
import { formatMonth } from "./format.ts";

export type CaseStudySource = {
  client: string;
  projectType: string;
  date: string;
  address: string;
  challenge: readonly string[];
  approach: readonly string[];
  result: readonly string[];
};

export function caseStudyParts(p: CaseStudySource) {
  return {
    info: [
      { label: "Client", value: p.client, icon: "briefcase" as const },
      { label: "Project type", value: p.projectType, icon: "folder" as const },
      { label: "Date", value: formatMonth(p.date), icon: "calendar" as const },
      { label: "Address", value: p.address, icon: "map-pin" as const },
    ],
    sections: [
      { id: "challenge", title: "The challenge", text: p.challenge },
      { id: "approach", title: "Our approach", text: p.approach },
      { id: "result", title: "The result", text: p.result },
    ],
  };
}

export type CaseStudyParts = ReturnType<typeof caseStudyParts>;
