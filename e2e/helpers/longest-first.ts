import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The browser test files that take longest, longest first (measured per file, docs/performance.md,
 * "The test suite"). Without vitest's cache of earlier runs, as in CI's fresh clone, it starts the
 * largest files first, and these short files of many page loads were left to run alone at the end
 * of the phase while the other workers idled.
 */
const LONGEST = [
  "e2e/page-layout.test.ts",
  "e2e/accessibility.test.ts",
  "e2e/content-security-policy.test.ts",
  "e2e/theme-editor.test.ts",
];

/** vitest's order, with the files above moved to the front of their project in the order listed. */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = LONGEST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
      return index === -1 ? LONGEST.length : index;
    };
    // vitest runs the projects in the order of the list; each keeps its place.
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of await super.sort(files)) {
      const group = byProject.get(spec.project.name) ?? [];
      group.push(spec);
      byProject.set(spec.project.name, group);
    }
    // Array.prototype.sort is stable: the other files keep vitest's order.
    return [...byProject.values()].flatMap((group) => group.sort((a, b) => rank(a) - rank(b)));
  }
}
