import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}

describe("loadConfig", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "127.0.0.1",
      DATA_DIR: "./data",
      CAPTCHA_ENABLED: true,
      CAPTCHA_DIFFICULTY: 50_000,
      THEME_EDITOR_ENABLED: false,
      TRUST_PROXY: false,
      LOG_LEVEL: "info",
      SESSION_IDLE_HOURS: 168,
      SESSION_MAX_DAYS: 30,
      DEFAULT_PARTNER_NAME: "NumberCheck",
      DEFAULT_PARTNER_EMAIL: "support@example.com",
      publicUrl: "http://localhost:3000",
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBeUndefined();
  });

  it.each([
    ["false", false],
    ["0", false],
    ["no", false],
    ["true", true],
    ["1", true],
    ["yes", true],
  ])("CAPTCHA_ENABLED=%s gives %s", (value, enabled) => {
    expect(loadConfig({ CAPTCHA_ENABLED: value }).CAPTCHA_ENABLED).toBe(enabled);
  });

  it.each([
    ["false", false],
    ["0", false],
    ["no", false],
    ["true", true],
    ["1", true],
    ["yes", true],
  ])("THEME_EDITOR_ENABLED=%s gives %s", (value, enabled) => {
    expect(loadConfig({ THEME_EDITOR_ENABLED: value }).THEME_EDITOR_ENABLED).toBe(enabled);
  });

  it("reads numbers and URLs", () => {
    const config = loadConfig({
      PORT: "8080",
      DATABASE_URL: "postgres://u:p@db:5432/nc",
      SMTP_URL: "smtps://u:p@mail.example.com:465",
      REDIS_URL: "redis://cache:6379",
      LOG_LEVEL: "debug",
      TRUST_PROXY: "true",
    });
    expect(config).toMatchObject({
      PORT: 8080,
      DATABASE_URL: "postgres://u:p@db:5432/nc",
      SMTP_URL: "smtps://u:p@mail.example.com:465",
      REDIS_URL: "redis://cache:6379",
      LOG_LEVEL: "debug",
      TRUST_PROXY: true,
    });
    expect(loadConfig({ DATABASE_URL: "postgresql://db/nc" }).DATABASE_URL).toBe("postgresql://db/nc");
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8" }).TRUST_PROXY).toBe("10.0.0.0/8");
  });

  it("treats empty numbers and URLs as unset", () => {
    const config = loadConfig({ PORT: "", DATABASE_URL: "", SMTP_URL: "" });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it("derives publicUrl from PORT, or takes PUBLIC_URL without a trailing slash", () => {
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ PORT: "0" }).publicUrl).toBe("http://localhost:0");
    expect(loadConfig({ PORT: "8080", PUBLIC_URL: "https://check.example.com/" }).publicUrl).toBe(
      "https://check.example.com",
    );
    expect(loadConfig({ PUBLIC_URL: "http://10.0.0.5:3000" }).publicUrl).toBe("http://10.0.0.5:3000");
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "65536"],
    ["PORT", "-1"],
    ["PORT", "80.5"],
    ["DATABASE_URL", "mysql://x"],
    ["DATABASE_URL", "not a url"],
    ["SMTP_URL", "http://x"],
    ["REDIS_URL", "http://cache"],
    ["PUBLIC_URL", "ftp://example.com"],
    ["CAPTCHA_ENABLED", "maybe"],
    ["THEME_EDITOR_ENABLED", "on"],
    ["CAPTCHA_DIFFICULTY", "10"],
    ["LOG_LEVEL", "loud"],
    ["NODE_ENV", "staging"],
    ["SESSION_IDLE_HOURS", "0"],
    ["DEFAULT_PARTNER_EMAIL", "nobody"],
  ])("refuses %s=%s, naming the variable and the value", (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
    expect(problems[0]).toContain(`(got "${value}")`);
  });

  it("says what a URL must start with", () => {
    expect(problemsOf({ DATABASE_URL: "mysql://x" })[0]).toContain("postgres:// or postgresql://");
    expect(problemsOf({ SMTP_URL: "http://x" })[0]).toContain("smtp:// or smtps://");
  });

  it("reports every bad variable at once, in the error message too", () => {
    const env = {
      PORT: "abc",
      DATABASE_URL: "mysql://x",
      SMTP_URL: "http://x",
      CAPTCHA_ENABLED: "maybe",
      LOG_LEVEL: "loud",
    };
    const problems = problemsOf(env);
    expect(problems.map((p) => p.split(":")[0]).sort()).toEqual(Object.keys(env).sort());
    let message = "";
    try {
      loadConfig(env);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration:\n/);
    for (const name of Object.keys(env)) expect(message).toContain(`  - ${name}: `);
  });
});

describe("WELCOME_CREDIT default", () => {
  it("is 5 on the embedded database, 0 on PostgreSQL, and what is set otherwise", () => {
    expect(loadConfig({}).WELCOME_CREDIT).toBe("5");
    expect(loadConfig({ DATABASE_URL: "postgres://db/x" }).WELCOME_CREDIT).toBe("0");
    expect(loadConfig({ WELCOME_CREDIT: "0" }).WELCOME_CREDIT).toBe("0");
    expect(loadConfig({ DATABASE_URL: "postgres://db/x", WELCOME_CREDIT: "2.50" }).WELCOME_CREDIT).toBe(
      "2.50",
    );
  });
});
