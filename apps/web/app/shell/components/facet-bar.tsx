import { theme } from "antd";

/** One bar of a facet chart: the value's name and count above a track filled to `width` percent. */
export function FacetBar({
  text,
  count,
  width,
  colour,
  active,
  onClick,
}: {
  text: string;
  count: string;
  width: number;
  colour: string;
  active: boolean;
  onClick?: () => void;
}) {
  const { token, cssVar } = theme.useToken();
  const body = (
    <>
      <span style={{ display: "flex", gap: 8, fontSize: token.fontSizeSM, lineHeight: token.lineHeightSM }}>
        <span
          style={{ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
          title={text}
        >
          {text}
        </span>
        <span style={{ color: cssVar.colorTextSecondary, whiteSpace: "nowrap" }}>{count}</span>
      </span>
      <span
        aria-hidden
        style={{ display: "block", height: 8, borderRadius: 4, background: cssVar.colorFillSecondary }}
      >
        <span
          style={{
            display: "block",
            height: "100%",
            width: `${width}%`,
            borderRadius: 4,
            background: colour,
          }}
        />
      </span>
    </>
  );
  const box = {
    display: "grid",
    // A long name must shorten with an ellipsis, not widen the card.
    gridTemplateColumns: "minmax(0, 1fr)",
    gap: 2,
    width: "100%",
    padding: "3px 6px",
    borderRadius: token.borderRadiusSM,
    color: cssVar.colorText,
    textAlign: "start" as const,
    border: `1px solid ${active ? cssVar.colorPrimaryBorder : "transparent"}`,
    background: active ? cssVar.colorPrimaryBg : "transparent",
  };
  if (!onClick) return <div style={box}>{body}</div>;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={active}
      style={{ ...box, font: "inherit", cursor: "pointer" }}
    >
      {body}
    </button>
  );
}
