import { useRouteLoaderData } from "react-router";
import type { RootData } from "../root-data";
import { useColorMode } from "../theme/color-mode";

/** The partner's logo (the dark one in dark mode), or its name when it has none. */
/** `compact` shows the mark alone, for narrow headers. */
export function BrandLogo({ height = 28, compact = false }: { height?: number; compact?: boolean }) {
  const data = useRouteLoaderData("root") as RootData | undefined;
  const { dark } = useColorMode();
  const site = data?.site;
  if (!site) return null;
  const logo = dark ? site.darkLogo || site.logo : site.logo;
  return (
    <span style={{ display: "inline-flex", alignItems: "center", gap: 8, fontWeight: 700, fontSize: 18 }}>
      {logo ? (
        <img src={logo} alt={site.name} height={height} />
      ) : (
        <svg width={height} height={height} viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="8" fill="#18a058" />
          <path
            d="M10 16.5l4 4 8-9"
            stroke="#fff"
            strokeWidth="3"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      )}
      {!logo && !compact && <span data-testid="brand-name">{site.name}</span>}
    </span>
  );
}
