import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  changePasswordBody,
  EMAIL_MAX,
  emailSchema,
  loginBody,
  registerBody,
  updateProfileBody,
} from "./auth";
import { fieldIssue } from "./validation";

/** The field issues of a real zod 4 parse, as the server and the forms produce them. */
function issuesOf(schema: z.ZodType, value: unknown) {
  // reportInput: the callers hand fieldIssue the input, which tells a missing field from a wrong type.
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error("expected the parse to fail");
  return result.error.issues.map((issue) => fieldIssue(issue));
}

const validRegister = {
  name: "Ann",
  email: "ann@example.com",
  password: "blue-horse-7-staple",
  code: "123456",
};

describe("fieldIssue on real zod 4 issues of the auth schemas", () => {
  it("missing email -> required", () => {
    expect(issuesOf(loginBody, { password: "x" })).toEqual([
      { field: "email", reason: "required", params: {} },
    ]);
  });

  it("empty password and blank name -> required", () => {
    expect(issuesOf(loginBody, { email: "ann@example.com", password: "" })).toEqual([
      { field: "password", reason: "required", params: {} },
    ]);
    expect(issuesOf(registerBody, { ...validRegister, name: "   " })).toEqual([
      { field: "name", reason: "required", params: {} },
    ]);
  });

  it("a value of the wrong type -> invalid_type", () => {
    expect(issuesOf(loginBody, { email: 42, password: "x" })).toEqual([
      { field: "email", reason: "invalid_type", params: {} },
    ]);
  });

  it("bad email -> invalid_email", () => {
    for (const email of ["nope", "a@", "@b.co", "a b@c.co"]) {
      expect(issuesOf(loginBody, { email, password: "x" })).toEqual([
        { field: "email", reason: "invalid_email", params: {} },
      ]);
    }
  });

  it('code "12ab" -> code_format', () => {
    expect(issuesOf(registerBody, { ...validRegister, code: "12ab" })).toEqual([
      { field: "code", reason: "code_format", params: {} },
    ]);
    expect(issuesOf(registerBody, { ...validRegister, code: "1234567" })[0]?.reason).toBe("code_format");
  });

  it("too long -> too_long with max", () => {
    expect(issuesOf(registerBody, { ...validRegister, name: "x".repeat(65) })).toEqual([
      { field: "name", reason: "too_long", params: { max: 64 } },
    ]);
    expect(issuesOf(emailSchema, `${"a".repeat(EMAIL_MAX)}@b.co`)).toEqual([
      { field: "body", reason: "too_long", params: { max: EMAIL_MAX } },
    ]);
    expect(issuesOf(changePasswordBody, { password: "x", newPassword: "y".repeat(129) })).toEqual([
      { field: "newPassword", reason: "too_long", params: { max: 128 } },
    ]);
    expect(issuesOf(updateProfileBody, { locale: "x".repeat(17) })).toEqual([
      { field: "locale", reason: "too_long", params: { max: 16 } },
    ]);
  });

  it("reports every field at fault", () => {
    expect(issuesOf(registerBody, {}).map((i) => [i.field, i.reason])).toEqual([
      ["name", "required"],
      ["email", "required"],
      ["password", "required"],
      ["code", "required"],
    ]);
  });
});

describe("fieldIssue on other zod 4 issues", () => {
  it("too_small above one -> too_short with min (too_few for a list)", () => {
    expect(issuesOf(z.string().min(3), "ab")).toEqual([
      { field: "body", reason: "too_short", params: { min: 3 } },
    ]);
    expect(issuesOf(z.array(z.string()).min(1), [])).toEqual([
      { field: "body", reason: "too_few", params: { min: 1 } },
    ]);
  });

  it("a number out of its range -> out_of_range, not a length", () => {
    expect(issuesOf(z.number().int().min(0), -1)).toEqual([
      { field: "body", reason: "out_of_range", params: {} },
    ]);
    expect(issuesOf(z.coerce.number().max(100), "101")).toEqual([
      { field: "body", reason: "out_of_range", params: {} },
    ]);
  });

  it("enum and literal -> invalid_value", () => {
    expect(issuesOf(z.object({ mode: z.enum(["a", "b"]) }), { mode: "c" })).toEqual([
      { field: "mode", reason: "invalid_value", params: {} },
    ]);
  });

  it("unexpected keys -> unknown_field", () => {
    expect(issuesOf(z.strictObject({ a: z.string() }), { a: "x", b: 1 })[0]?.reason).toBe("unknown_field");
  });

  it("custom issues pass snake_case messages through, others become invalid", () => {
    const same = z
      .object({ a: z.string(), b: z.string() })
      .refine((v) => v.a === v.b, { message: "passwords_differ", path: ["b"] });
    expect(issuesOf(same, { a: "x", b: "y" })).toEqual([
      { field: "b", reason: "passwords_differ", params: {} },
    ]);
    const prose = z.string().refine(() => false, { message: "Not like this" });
    expect(issuesOf(prose, "x")).toEqual([{ field: "body", reason: "invalid", params: {} }]);
  });

  it("a non-email format without a reason message -> invalid_format", () => {
    expect(issuesOf(z.string().regex(/^\d+$/), "x")).toEqual([
      { field: "body", reason: "invalid_format", params: {} },
    ]);
    expect(issuesOf(z.uuid(), "x")[0]?.reason).toBe("invalid_format");
  });

  it("joins nested paths with dots", () => {
    const schema = z.object({ list: z.array(z.object({ name: z.string().max(2) })) });
    expect(issuesOf(schema, { list: [{ name: "ok" }, { name: "long" }] })).toEqual([
      { field: "list.1.name", reason: "too_long", params: { max: 2 } },
    ]);
  });

  it("anything else -> invalid", () => {
    expect(issuesOf(z.number().multipleOf(5), 7)).toEqual([{ field: "body", reason: "invalid", params: {} }]);
    expect(issuesOf(z.union([z.number(), z.boolean()]), "x")[0]?.reason).toBe("invalid");
  });
});
