import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { setScreen } from "../../../test/screen";
import { ColorModeSwitch } from "./color-mode-switch";

/** A system that prefers dark (or not) for prefers-color-scheme, as the browser answers it. */
function systemPrefers(dark: boolean) {
  setScreen({ dark });
}

async function choose(mode: string, system = false, initial: "light" | "dark" | "system" = "light") {
  systemPrefers(system);
  const page = await renderPage(<ColorModeSwitch />, { root: { colorMode: initial } });
  const button = screen.getByRole("button", { name: "Colour mode" });
  await page.user.click(button);
  await page.user.click(await screen.findByRole("menuitem", { name: new RegExp(mode) }));
  return { ...page, button };
}

const pageIsDark = () => document.documentElement.classList.contains("dark");

describe("colour mode switch", () => {
  it("turns the page dark, shows the moon and keeps the choice for the server", async () => {
    const { button } = await choose("Dark");
    expect(pageIsDark()).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe("dark");
    expect(within(button).getByRole("img", { name: "moon" })).toBeTruthy();
    expect(document.cookie).toContain("color_mode=dark");
  });

  it("following the system goes dark when the system prefers dark", async () => {
    const { button } = await choose("System", true);
    expect(pageIsDark()).toBe(true);
    expect(within(button).getByRole("img", { name: "desktop" })).toBeTruthy();
    expect(document.cookie).toContain("color_mode=system");
  });

  it("light wins over a dark system", async () => {
    await choose("Light", true, "dark");
    expect(pageIsDark()).toBe(false);
    expect(document.cookie).toContain("color_mode=light");
  });

  it("marks the mode in use in the menu", async () => {
    systemPrefers(false);
    const { user } = await renderPage(<ColorModeSwitch />, { root: { colorMode: "dark" } });
    await user.click(screen.getByRole("button", { name: "Colour mode" }));
    const dark = await screen.findByRole("menuitem", { name: /Dark/ });
    expect(dark.className).toContain("ant-dropdown-menu-item-selected");
    expect(screen.getByRole("menuitem", { name: /Light/ }).className).not.toContain("selected");
  });
});
