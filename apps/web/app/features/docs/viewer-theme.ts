import { readableShade } from "../../shell/theme/contrast";

/**
 * The reference viewer's (Scalar's) own palette, per colour mode, as its default theme writes it:
 * the backgrounds text sits on (pages, panels, code cards, the sidebar's search field) and the text
 * colours that fall short of 4.5:1 on some of them (grey secondary text, the HTTP methods' and
 * "required" colours). Code cards carry the dark palette in either mode.
 */
const PALETTE = {
  light: {
    selector: ".light-mode",
    backgrounds: ["#ffffff", "#fbfbfb", "#f6f6f6", "#e7e7e7"],
    text: {
      "--scalar-color-2": "#757575",
      "--scalar-color-3": "#8e8e8e",
      "--scalar-color-green": "#069061",
      "--scalar-color-red": "#ef0006",
      "--scalar-color-orange": "#ff5800",
      "--scalar-color-yellow": "#edbe20",
      "--scalar-color-blue": "#0082d0",
      "--scalar-color-purple": "#5203d1",
    },
  },
  dark: {
    selector: ".dark-mode",
    backgrounds: ["#0f0f0f", "#151515", "#1a1a1a", "#272727"],
    text: {
      "--scalar-color-2": "#a4a4a4",
      "--scalar-color-3": "#797979",
      "--scalar-color-green": "#00b648",
      "--scalar-color-red": "#dc1b19",
      "--scalar-color-orange": "#ff8d4d",
      "--scalar-color-yellow": "#ffc90d",
      "--scalar-color-blue": "#4eb3ec",
      "--scalar-color-purple": "#b191f9",
    },
  },
} as const;

/** Each mode's text colours, the brand's accent among them, moved to 4.5:1 on its backgrounds. */
function modeRules(accent: string): string {
  return Object.values(PALETTE)
    .map(({ selector, backgrounds, text }) => {
      const colours = { ...text, "--scalar-color-accent": accent };
      const declarations = Object.entries(colours)
        .map(([name, colour]) => `${name}: ${readableShade(colour, backgrounds)};`)
        .join(" ");
      return `${selector} { ${declarations} }`;
    })
    .join("\n");
}

/**
 * The viewer's `customCss` (docs/accessibility.md, "The API reference"): every text colour at
 * WCAG AA in both modes, the brand's accent included (a partner's too, whatever it is);
 * the code blocks' copy buttons named; and the sidebar footer, which only advertises the viewer's
 * maker, gone.
 */
export function viewerCss(accent: string): string {
  return [
    modeRules(accent),
    // Written after Scalar's sheet, so these win over its display-p3 variants of the same colours.
    // The copy button's text ("cURL Copy") is display:none until the block is hovered or focused,
    // which leaves the button without a name: kept readable to assistive technology instead.
    `.scalar-app .scalar-code-block:not(:hover):not(:focus-within) .scalar-code-copy .hidden {
  display: inline; position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip-path: inset(50%); white-space: nowrap; }`,
    ".scalar-app .darklight-reference { display: none !important; }",
  ].join("\n");
}
