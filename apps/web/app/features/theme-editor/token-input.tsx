import { Button, ColorPicker, InputNumber, theme } from "antd";
import { useState } from "react";

const INPUT_WIDTH = 116;

/**
 * A colour token: a button showing the colour opens antd's picker (hex, RGB, HSB). Dragging only
 * moves the picker; the page takes the colour when the drag ends or a value is typed, so it is not
 * re-themed for every pixel of a drag.
 */
export function ColorInput(props: {
  id: string;
  label: string;
  value: string;
  onCommit(value: string): void;
}) {
  const { token, cssVar } = theme.useToken();
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? props.value;
  return (
    <ColorPicker
      value={shown}
      onChange={(color) => setDraft(color.toHexString())}
      onChangeComplete={(color) => {
        setDraft(null);
        props.onCommit(color.toHexString());
      }}
      onOpenChange={(open) => !open && setDraft(null)}
    >
      <Button
        id={props.id}
        size="small"
        aria-label={props.label}
        title={shown}
        style={{ width: INPUT_WIDTH, justifyContent: "flex-start", fontFamily: token.fontFamilyCode }}
        icon={
          <span
            style={{
              display: "inline-block",
              width: 12,
              height: 12,
              borderRadius: 3,
              background: shown,
              boxShadow: `inset 0 0 0 1px ${cssVar.colorBorder}`,
            }}
          />
        }
      >
        <span style={{ overflow: "hidden", textOverflow: "ellipsis" }}>
          {shown.startsWith("#") ? shown.toUpperCase() : shown}
        </span>
      </Button>
    </ColorPicker>
  );
}

/** A size token in pixels. Emptying the box leaves the value as it was. */
export function NumberInput(props: {
  id: string;
  label: string;
  value: number | undefined;
  min?: number;
  max?: number;
  onCommit(value: number): void;
}) {
  return (
    <InputNumber
      id={props.id}
      aria-label={props.label}
      size="small"
      min={props.min}
      max={props.max}
      precision={0}
      value={props.value}
      onChange={(next) => {
        if (typeof next === "number" && Number.isFinite(next)) props.onCommit(next);
      }}
      style={{ width: INPUT_WIDTH }}
    />
  );
}
