import { DocPage } from "../../features/docs/components/doc-page";
import { docMeta } from "../../features/docs/doc-meta";
import { docPage } from "../../features/docs/docs-content.server";
import type { Route } from "./+types/api-page";

/** /docs/api/{slug}: the API documentation of one endpoint group. Unknown slugs get the 404 page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return docPage("api", params, context);
}

export const meta = docMeta;

export default function Page({ loaderData }: Route.ComponentProps) {
  return <DocPage page={loaderData} />;
}
