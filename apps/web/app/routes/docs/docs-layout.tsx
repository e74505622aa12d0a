import { useState } from "react";
import { Outlet } from "react-router";
import { DocsHeader } from "../../features/docs/components/docs-header";
import { DocsMenuDrawer } from "../../features/docs/components/docs-menu-drawer";
import { DocsNav } from "../../features/docs/components/docs-nav";
import { guidesPathOf } from "../../features/docs/doc-sections";
import { docNav } from "../../features/docs/docs-content.server";
import { useDocTheme } from "../../features/docs/use-doc-theme";
import { SiteFooter } from "../../shell/components/site-footer";
import "../../features/docs/docs.css";
import type { Route } from "./+types/docs-layout";

export async function loader({ params, context }: Route.LoaderArgs) {
  return { nav: await docNav(params.lang, context) };
}

/** Guides, API pages and policies: header, navigation (a drawer on phones), the page. */
export default function DocsLayout({ loaderData }: Route.ComponentProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const style = useDocTheme();
  return (
    <div className="docs-shell" style={style}>
      <DocsHeader
        active="guides"
        guidesPath={guidesPathOf(loaderData.nav)}
        onMenu={() => setMenuOpen(true)}
      />
      <div className="docs-frame">
        <aside className="docs-sider">
          <DocsNav nav={loaderData.nav} />
        </aside>
        <Outlet />
      </div>
      <SiteFooter />
      <DocsMenuDrawer nav={loaderData.nav} open={menuOpen} onClose={() => setMenuOpen(false)} />
    </div>
  );
}
