import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  callsTo,
  expectFieldError,
  pickOption,
  profileOf,
  renderPage,
  stubApi,
} from "../../../../test/render";
import { PersonalInfoCard } from "./personal-info-card";

const profile = (locale: string | null) => profileOf({ locale });

async function openCard(locale: string | null) {
  const calls = stubApi({ "POST /api/tenant/uc/profile": () => profile("es") });
  const page = await renderPage(<PersonalInfoCard profile={profile(locale)} />, {
    url: "/dashboard/profile",
  });
  return { ...page, calls, name: screen.getByLabelText("Your name") as HTMLInputElement };
}

describe("personal information", () => {
  it("starts from the name and, for an account without a language, English e-mails", async () => {
    const { name } = await openCard(null);
    expect(name.value).toBe("Marta");
    expect(screen.getByTitle("English")).toBeTruthy();
  });

  it("saves the name and the language e-mails are written in", async () => {
    const { user, name, calls } = await openCard("en");
    await user.clear(name);
    await user.type(name, "Marta Ruiz");
    await pickOption(user, screen.getByRole("combobox", { name: "Language of e-mails" }), "Español");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/uc/profile")[0]?.body).toEqual({
      name: "Marta Ruiz",
      locale: "es",
    });
  });

  it("wants a name", async () => {
    const { user, name, calls } = await openCard("en");
    await user.clear(name);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expectFieldError(name, "This field is required.");
    expect(calls).toEqual([]);
  });
});
