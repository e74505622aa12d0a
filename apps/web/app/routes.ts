import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every page exists with no prefix (English) and under /zh-Hans, /es and /pt: the optional ":lang?"
 * segment carries the prefix and the locale layout validates it (docs/architecture.md, "What a person meets first").
 */
export default [
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route(":lang?", "shell/layouts/locale-layout.tsx", [
    index("routes/home.tsx"),
    route("coverage", "routes/coverage.tsx"),
    layout("shell/layouts/auth-layout.tsx", [
      route("login", "routes/login.tsx"),
      route("register", "routes/register.tsx"),
      route("forget-password", "routes/forget-password.tsx"),
      route("accept-invite", "routes/accept-invite.tsx"),
      route("invite-login", "routes/invite-login.tsx"),
      route("invite-register", "routes/invite-register.tsx"),
    ]),
    route("dashboard", "shell/layouts/dashboard-root.tsx", [
      layout("routes/dashboard-layout.tsx", [
        index("routes/dashboard/index.tsx"),
        route("profile", "routes/dashboard/profile.tsx"),
        route("detection", "routes/dashboard/detection.tsx"),
        route("detection/fraud-lists", "routes/dashboard/fraud-lists.tsx"),
        route("history", "routes/dashboard/history.tsx"),
        route("history/:id", "routes/dashboard/history-job.tsx"),
        route("price", "routes/dashboard/price.tsx"),
        route("account", "routes/dashboard/account.tsx"),
        route("account/detail", "routes/dashboard/account-detail.tsx"),
        route("account/recharge", "routes/dashboard/recharge.tsx"),
        route("account/receipt/:id", "routes/dashboard/receipt.tsx"),
        route("api-keys", "routes/dashboard/api-keys.tsx"),
        route("api-usage", "routes/dashboard/api-usage.tsx"),
        route("api-requests", "routes/dashboard/api-requests.tsx"),
        route("tenant", "routes/dashboard/tenant.tsx"),
        route("tenant/role/add", "routes/dashboard/role-edit.tsx", { id: "role-add" }),
        route("tenant/role/:id", "routes/dashboard/role-edit.tsx", { id: "role-edit" }),
        route("tenant/member/add", "routes/dashboard/member-add.tsx"),
        route("tenant/member/:id", "routes/dashboard/member-detail.tsx"),
        // An unknown dashboard address: the not-found page inside the frame, menu and header kept.
        route("*", "routes/dashboard/catch-all.tsx"),
      ]),
      layout("shell/layouts/no-tenant-layout.tsx", [
        route("tenants", "routes/dashboard/tenants.tsx"),
        route("profile/no-tenant", "routes/dashboard/no-tenant.tsx"),
      ]),
      layout("shell/layouts/dashboard-basic-layout.tsx", [route("403", "routes/dashboard/forbidden.tsx")]),
    ]),
    route("operator", "routes/operator-layout.tsx", [
      index("routes/operator/index.tsx"),
      route("money", "routes/operator/money.tsx"),
      route("money/summary", "routes/operator/money-summary.tsx"),
      route("customers", "routes/operator/customers.tsx"),
      route("customers/:id", "routes/operator/customer.tsx"),
      route("customers/:id/ledger", "routes/operator/customer-ledger.tsx"),
      route("customers/:id/support", "routes/operator/customer-support.tsx"),
      route("users", "routes/operator/users.tsx"),
      route("users/:id", "routes/operator/user.tsx"),
      route("operators", "routes/operator/operators.tsx"),
      route("partners", "routes/operator/partners.tsx"),
      route("prices", "routes/operator/prices.tsx"),
      route("providers", "routes/operator/providers.tsx"),
      route("audit", "routes/operator/audit.tsx"),
    ]),
    layout("routes/docs/docs-layout.tsx", [
      route("docs/api/:slug", "routes/docs/api-page.tsx"),
      route("docs/:slug", "routes/docs/guide.tsx"),
      route("policies/:slug", "routes/docs/policy.tsx"),
    ]),
    // The reference viewer's own paths; "models" is its one single-segment page.
    route("docs/models", "routes/docs/reference.tsx", { id: "docs-reference-models" }),
    route("docs/*", "routes/docs/reference.tsx"),
    route("*", "routes/catch-all.tsx"),
  ]),
] satisfies RouteConfig;
