import { theme } from "antd";

/**
 * The signed-in person's initial in a brand-coloured circle, for the header's user menu. A plain
 * element rather than antd's Avatar: Avatar measures its text while mounting, which forces a style
 * and layout pass inside hydration's commit and re-renders itself at once (docs/performance.md,
 * "A phone as slow as Lighthouse's reference"); one letter needs no scaling.
 */
export function UserInitial({ name }: { name: string | undefined }) {
  const { cssVar } = theme.useToken();
  return (
    <span
      aria-hidden
      data-testid="user-initial"
      style={{
        display: "inline-flex",
        alignItems: "center",
        justifyContent: "center",
        flex: "none",
        width: 24,
        height: 24,
        borderRadius: "50%",
        background: cssVar.colorPrimary,
        color: cssVar.colorTextLightSolid,
        fontSize: 14,
        lineHeight: 1,
      }}
    >
      {(name ?? "?").slice(0, 1).toUpperCase()}
    </span>
  );
}
