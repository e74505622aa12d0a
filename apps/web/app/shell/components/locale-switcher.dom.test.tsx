import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pickOption, renderPage, shownOptions } from "../../../test/render";
import { LocaleSwitcher } from "./locale-switcher";

const open = (url: string, locale: "en" | "es" = "en") =>
  renderPage(<LocaleSwitcher />, { url, root: { locale } });

describe("language switcher", () => {
  it("offers the four languages by their own names", async () => {
    const { user } = await open("/dashboard");
    await user.click(screen.getByRole("combobox", { name: "Language" }));
    expect(shownOptions().map((o) => o.label)).toEqual(["English", "简体中文", "Español", "Português"]);
  });

  it("moves to the same page, query and all, in the chosen language and remembers the choice", async () => {
    const { user } = await open("/dashboard/history?status=failed");
    await pickOption(user, screen.getByRole("combobox", { name: "Language" }), "Español");
    expect((await screen.findByLabelText("landed")).textContent).toBe("/es/dashboard/history?status=failed");
    expect(document.cookie).toContain("i18n_locale=es");
  });

  it("drops the prefix when going back to English, the language without one", async () => {
    const { user } = await open("/es/dashboard/recharge", "es");
    await pickOption(user, screen.getByRole("combobox", { name: "Language" }), "English");
    expect((await screen.findByLabelText("landed")).textContent).toBe("/dashboard/recharge");
    expect(document.cookie).toContain("i18n_locale=en");
  });
});
