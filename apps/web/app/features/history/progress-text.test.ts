import i18next from "i18next";
import { describe, expect, it } from "vitest";
import en from "../../i18n/locales/en/history.json";
import es from "../../i18n/locales/es/history.json";
import { progressText } from "./progress-text";

const i18n = i18next.createInstance();
await i18n.init({
  lng: "en",
  resources: { en: { history: en }, es: { history: es } },
  interpolation: { escapeValue: false },
});

const job = { done: 731, failed: 0, total: 1000, duplicates: 0, invalid: 0, rate: 12.46, timeLeft: 22 };

describe("job progress line", () => {
  it("shows the rate the API reports while the job runs", () => {
    expect(progressText(i18n.t, job, "en", true)).toBe(
      "731 of 1,000 numbers processed · 12 numbers a second · about 22 seconds left",
    );
    expect(progressText(i18n.getFixedT("es"), { ...job, rate: 2.25, done: 2000 }, "es", true)).toContain(
      "2,3 números por segundo",
    );
  });

  it("drops rate and time once the job is over", () => {
    expect(progressText(i18n.t, { ...job, done: 1000, timeLeft: 0 }, "en", false)).toBe(
      "1,000 of 1,000 numbers processed",
    );
  });
});
