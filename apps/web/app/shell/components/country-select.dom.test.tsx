import { screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pickOption, renderPage, shownOptions } from "../../../test/render";
import { CountrySelect } from "./country-select";

afterEach(() => vi.restoreAllMocks());

function Field({ initial }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CountrySelect testId="country" value={value} onChange={setValue} />
      <output aria-label="chosen">{value ?? "none"}</output>
    </>
  );
}

describe("default country select", () => {
  it("names no country and sorts nothing until the person opens it, then lists them all", async () => {
    const named = vi.spyOn(Intl, "DisplayNames");
    const sorted = vi.spyOn(Intl, "Collator");
    const { user } = await renderPage(<Field />);
    expect(named).not.toHaveBeenCalled();
    expect(sorted).not.toHaveBeenCalled();
    vi.restoreAllMocks();

    await user.click(screen.getByRole("combobox", { name: "Default country" }));
    await waitFor(() => expect(shownOptions()[0]?.label).toBe("Argentina (AR)"));
    await pickOption(user, screen.getByRole("combobox", { name: "Default country" }), "Canada (CA)");
    await waitFor(() => expect(screen.getByLabelText("chosen").textContent).toBe("CA"));
  });

  it("shows a chosen country by name before the list is built", async () => {
    await renderPage(<Field initial="FR" />);
    expect(screen.getByText("France (FR)")).toBeTruthy();
  });
});
