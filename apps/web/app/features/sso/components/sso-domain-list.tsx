import type { SsoDomainView } from "@nc/contracts/sso";
import { App, Button, Card, Flex, Form, Input, Popconfirm, Select, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { useAddSsoDomain } from "../api/add-sso-domain";
import { type DomainProof, useProveSsoDomain } from "../api/prove-sso-domain";
import { useRemoveSsoDomain } from "../api/remove-sso-domain";

/** The conventional mailboxes of a domain's owner (RFC 2142), or one the Owner names. */
const MAILBOXES = ["admin", "postmaster"] as const;

/**
 * The e-mail domains single sign-on covers, each proven by a DNS TXT record or by a code e-mailed
 * to a mailbox of the domain (docs/security.md, "Single sign-on").
 */
export function SsoDomainList({ tenantId, domains }: { tenantId: string; domains: SsoDomainView[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ domain: string }>();
  const add = useAddSsoDomain(tenantId);

  const submit = async ({ domain }: { domain: string }) => {
    try {
      await add.mutateAsync(domain.trim().toLowerCase());
      form.resetFields();
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };

  return (
    <div style={{ marginTop: 24 }}>
      <Typography.Title level={4} style={{ fontSize: 15 }}>
        {t("tenant:sso.domains")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("tenant:sso.domainsHelp")}</Typography.Paragraph>
      <Space orientation="vertical" size={12} style={{ width: "100%" }}>
        {domains.map((domain) => (
          <DomainCard key={domain.id} tenantId={tenantId} domain={domain} />
        ))}
      </Space>
      <Form form={form} layout="inline" onFinish={submit} style={{ marginTop: 12 }}>
        <Form.Item name="domain" label={t("tenant:sso.domain")} rules={[{ required: true }]}>
          <Input placeholder="example.com" data-testid="sso-domain-input" />
        </Form.Item>
        <Button htmlType="submit" loading={add.isPending} data-testid="sso-add-domain">
          {t("tenant:sso.addDomain")}
        </Button>
      </Form>
    </div>
  );
}

function DomainCard({ tenantId, domain }: { tenantId: string; domain: SsoDomainView }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const prove = useProveSsoDomain(tenantId);
  const remove = useRemoveSsoDomain(tenantId);
  const [mailbox, setMailbox] = useState<string>("admin");
  const [local, setLocal] = useState("");
  const [code, setCode] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);

  const run = async (proof: DomainProof, done: string) => {
    try {
      const answer = (await prove.mutateAsync(proof)) as { sentTo?: string } | undefined;
      if (answer?.sentTo) setSentTo(answer.sentTo);
      void message.success(t(done, { domain: domain.domain, email: answer?.sentTo ?? "" }));
    } catch (error) {
      showApiError(error, t, message);
    }
  };
  const proven = domain.provenAt !== null;

  return (
    <Card size="small" data-testid={`sso-domain-${domain.domain}`}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text strong>{domain.domain}</Typography.Text>
        <Space>
          {proven ? (
            <Tag color="success">{t(`tenant:sso.provenBy.${domain.method ?? "dns"}`)}</Tag>
          ) : (
            <Tag>{t("tenant:sso.notProven")}</Tag>
          )}
          <Popconfirm
            title={t("tenant:sso.removeConfirm", { domain: domain.domain })}
            okText={t("tenant:sso.remove")}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(domain.id).catch((error) => showApiError(error, t, message))}
          >
            <Button size="small" danger aria-label={t("tenant:sso.removeNamed", { domain: domain.domain })}>
              {t("tenant:sso.remove")}
            </Button>
          </Popconfirm>
        </Space>
      </Flex>
      {!proven && (
        <Space orientation="vertical" size={8} style={{ width: "100%", marginTop: 8 }}>
          <Typography.Text>{t("tenant:sso.dnsHelp")}</Typography.Text>
          <Typography.Text code copyable data-testid={`sso-txt-${domain.domain}`}>
            {domain.txtRecord}
          </Typography.Text>
          <Button
            onClick={() => run({ kind: "dns", domainId: domain.id }, "tenant:sso.proven")}
            loading={prove.isPending}
            aria-label={t("tenant:sso.checkDnsNamed", { domain: domain.domain })}
          >
            {t("tenant:sso.checkDns")}
          </Button>
          <Typography.Text>{t("tenant:sso.emailHelp")}</Typography.Text>
          <Space wrap>
            <Select
              aria-label={t("tenant:sso.mailbox")}
              value={mailbox}
              onChange={setMailbox}
              style={{ minWidth: 200 }}
              options={[
                ...MAILBOXES.map((name) => ({ value: name, label: `${name}@${domain.domain}` })),
                { value: "", label: t("tenant:sso.otherMailbox") },
              ]}
            />
            {mailbox === "" && (
              <Input
                aria-label={t("tenant:sso.mailboxName")}
                value={local}
                onChange={(event) => setLocal(event.target.value)}
                suffix={`@${domain.domain}`}
              />
            )}
            <Button
              onClick={() =>
                run({ kind: "email", domainId: domain.id, local: mailbox || local }, "tenant:sso.codeSent")
              }
              aria-label={t("tenant:sso.sendCodeNamed", { domain: domain.domain })}
            >
              {t("tenant:sso.sendCode")}
            </Button>
          </Space>
          {sentTo && (
            <Space wrap>
              <Input
                aria-label={t("tenant:sso.code")}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                inputMode="numeric"
                maxLength={8}
                data-testid={`sso-code-${domain.domain}`}
              />
              <Button
                type="primary"
                onClick={() => run({ kind: "code", domainId: domain.id, code }, "tenant:sso.proven")}
                aria-label={t("tenant:sso.confirmCodeNamed", { domain: domain.domain })}
              >
                {t("tenant:sso.confirmCode")}
              </Button>
            </Space>
          )}
        </Space>
      )}
    </Card>
  );
}
