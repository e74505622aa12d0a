import { PASSKEY_MAX, type Passkey, passkeyNameSchema } from "@nc/contracts/passkeys";
import { Alert, App, Button, Card, Flex, Form, Input, List, Modal, Skeleton, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../shell/forms/api-error-feedback";
import { zodRule } from "../../../shell/forms/zod-rule";
import { usePasskeyError } from "../../../shell/passkeys/use-passkey-error";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { useAddPasskey, useDeletePasskey, usePasskeys, useRenamePasskey } from "../api/passkeys";

/**
 * The person's passkeys (docs/security.md, "Passkeys"): each with its name, when it was added and
 * last used; add one under a name, rename, delete after a confirmation.
 */
export function PasskeysCard() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const date = useTenantDate();
  const [renaming, setRenaming] = useState<Passkey | null>(null);

  let body: React.ReactNode;
  if (passkeys.isError) body = <Alert type="error" showIcon title={errorText(passkeys.error, t)} />;
  else if (!passkeys.data) body = <Skeleton active />;
  else
    body = (
      <Flex vertical gap={12}>
        <Typography.Text>{t("profile:passkeys.intro")}</Typography.Text>
        {passkeys.data.length > 0 && (
          <List
            data-testid="passkey-list"
            dataSource={passkeys.data}
            renderItem={(passkey) => (
              <List.Item
                data-testid="passkey-item"
                actions={[
                  <Button key="rename" type="link" onClick={() => setRenaming(passkey)}>
                    {t("profile:passkeys.rename")}
                  </Button>,
                  <DeletePasskeyButton key="delete" passkey={passkey} />,
                ]}
              >
                <List.Item.Meta
                  title={passkey.name}
                  description={
                    <>
                      {t("profile:passkeys.created", { when: date(passkey.createdAt) })}
                      {" · "}
                      {passkey.lastUsedAt
                        ? t("profile:passkeys.lastUsed", { when: date(passkey.lastUsedAt) })
                        : t("profile:passkeys.neverUsed")}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        )}
        {passkeys.data.length < PASSKEY_MAX ? (
          <AddPasskeyForm />
        ) : (
          <Typography.Text type="secondary">
            {t("profile:passkeys.full", { max: PASSKEY_MAX })}
          </Typography.Text>
        )}
      </Flex>
    );

  return (
    <Card title={t("profile:passkeys.title")}>
      {body}
      <RenamePasskeyModal passkey={renaming} onClose={() => setRenaming(null)} />
    </Card>
  );
}

/** A name first (to tell passkeys apart later), then the browser's own passkey dialog. */
function AddPasskeyForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const add = useAddPasskey();
  const showError = usePasskeyError();
  const submit = async ({ name }: { name: string }) => {
    try {
      await add.mutateAsync(name.trim());
      form.resetFields();
      message.success(t("profile:passkeys.added"));
    } catch (error) {
      showError(error, form);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} initialValues={{ name: "" }}>
      <Flex gap={8} align="start" wrap>
        <Form.Item
          name="name"
          label={t("profile:passkeys.name")}
          rules={[zodRule(passkeyNameSchema, t)]}
          style={{ flex: "1 1 200px", marginBottom: 0 }}
        >
          <Input
            maxLength={64}
            placeholder={t("profile:passkeys.namePlaceholder")}
            data-testid="passkey-name"
          />
        </Form.Item>
      </Flex>
      <Button
        type="primary"
        htmlType="submit"
        loading={add.isPending}
        data-testid="passkey-add"
        style={{ marginTop: 12 }}
      >
        {t("profile:passkeys.add")}
      </Button>
    </Form>
  );
}

function RenamePasskeyModal({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenamePasskey();
  const showError = usePasskeyError();
  const submit = async ({ name }: { name: string }) => {
    if (!passkey) return;
    try {
      await rename.mutateAsync({ id: passkey.id, name: name.trim() });
      onClose();
    } catch (error) {
      showError(error, form);
    }
  };
  return (
    <Modal
      open={passkey !== null}
      title={t("profile:passkeys.renameTitle")}
      okText={t("profile:passkeys.save")}
      cancelText={t("profile:passkeys.cancel")}
      confirmLoading={rename.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={{ name: passkey?.name ?? "" }}
        preserve={false}
      >
        <Form.Item name="name" label={t("profile:passkeys.name")} rules={[zodRule(passkeyNameSchema, t)]}>
          <Input maxLength={64} autoFocus data-testid="passkey-rename" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DeletePasskeyButton({ passkey }: { passkey: Passkey }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const remove = useDeletePasskey();
  const showError = usePasskeyError();
  const confirm = () =>
    modal.confirm({
      title: t("profile:passkeys.deleteTitle", { name: passkey.name }),
      content: t("profile:passkeys.deleteText"),
      okText: t("profile:passkeys.delete"),
      okButtonProps: { danger: true },
      cancelText: t("profile:passkeys.cancel"),
      onOk: async () => {
        try {
          await remove.mutateAsync(passkey.id);
        } catch (error) {
          showError(error);
        }
      },
    });
  return (
    <Button type="link" danger onClick={confirm}>
      {t("profile:passkeys.delete")}
    </Button>
  );
}
