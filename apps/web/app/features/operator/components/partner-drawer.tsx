import { createPartnerBody, HEX_COLOR, type OperatorPartnerView } from "@nc/contracts/operator";
import { App, Button, ColorPicker, Drawer, Form, Input, Space } from "antd";
import { useTranslation } from "react-i18next";
import { useNarrow } from "../../../shell/device/use-narrow";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { optionalRule, zodRule } from "../../../shell/forms/zod-rule";
import { useSavePartner } from "../api/save-partner";
import { BrandPreview } from "./brand-preview";

/** The brand fields as the form holds them: no staff organisation is an empty box. */
type Values = Omit<OperatorPartnerView, "id" | "isDefault" | "customers" | "createdAt" | "staffTenantId"> & {
  staffTenantId?: string;
};

const FIELDS = createPartnerBody.shape;
const TEXT_FIELDS = ["domain", "subDomain", "email", "logo", "darkLogo"] as const;
const LABEL_KEYS: Record<(typeof TEXT_FIELDS)[number], string> = {
  domain: "operatorSetup:partners.fields.domain",
  subDomain: "operatorSetup:partners.fields.subDomain",
  email: "operatorSetup:partners.fields.email",
  logo: "operatorSetup:partners.fields.logo",
  darkLogo: "operatorSetup:partners.fields.darkLogo",
};
const HELP_KEYS: Record<(typeof TEXT_FIELDS)[number], string> = {
  domain: "operatorSetup:partners.help.domain",
  subDomain: "operatorSetup:partners.help.subDomain",
  email: "operatorSetup:partners.help.email",
  logo: "operatorSetup:partners.help.logo",
  darkLogo: "operatorSetup:partners.help.darkLogo",
};

/**
 * A colour typed as #rrggbb or picked: the box Form.Item labels and describes (its id, its errors)
 * is the text box, the picker beside it writes into it.
 */
function ColorField({
  value = "",
  onChange,
  pickLabel,
  ...aria
}: {
  value?: string;
  onChange?: (value: string) => void;
  pickLabel: string;
  id?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}) {
  return (
    <Space.Compact style={{ maxWidth: 240 }}>
      <ColorPicker
        value={HEX_COLOR.test(value) ? value : undefined}
        disabledAlpha
        aria-label={pickLabel}
        onChangeComplete={(picked) => onChange?.(picked.toHexString())}
      />
      <Input
        {...aria}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder="#1677ff"
        data-testid="partner-primaryColor"
      />
    </Space.Compact>
  );
}

/** A new partner site, or one site's brand: every field, with a live preview of the brand. */
export function PartnerDrawer({
  editing,
  onClose,
}: {
  editing: OperatorPartnerView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const narrow = useNarrow();
  const [form] = Form.useForm<Values>();
  const save = useSavePartner();
  const name = Form.useWatch("name", form) ?? "";
  const logo = Form.useWatch("logo", form) ?? "";
  const darkLogo = Form.useWatch("darkLogo", form) ?? "";
  const color = Form.useWatch("primaryColor", form) ?? "";

  async function submit(values: Values) {
    const body = { ...values, staffTenantId: values.staffTenantId?.trim() || null };
    try {
      await save.mutateAsync({ id: editing?.id, body });
      void message.success(t("operatorSetup:partners.saved", { name: values.name }));
      onClose();
    } catch (error) {
      showApiError(error, t, message, form);
    }
  }

  return (
    <Drawer
      open
      size={narrow ? "100%" : 560}
      title={
        editing
          ? t("operatorSetup:partners.editTitle", { name: editing.name })
          : t("operatorSetup:partners.createTitle")
      }
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ justifyContent: "flex-end", width: "100%" }}>
          <Button onClick={onClose}>{t("operatorSetup:cancel")}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            onClick={() => form.submit()}
            data-testid="partner-submit"
          >
            {t("operatorSetup:partners.save")}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          editing ? { ...editing, staffTenantId: editing.staffTenantId ?? "" } : { currency: "USD" }
        }
      >
        <Form.Item
          name="name"
          label={t("operatorSetup:partners.fields.name")}
          rules={[zodRule(FIELDS.name, t)]}
        >
          <Input maxLength={100} data-testid="partner-name" />
        </Form.Item>
        {TEXT_FIELDS.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(LABEL_KEYS[field])}
            extra={t(HELP_KEYS[field])}
            rules={[optionalRule(FIELDS[field], t)]}
          >
            <Input data-testid={`partner-${field}`} />
          </Form.Item>
        ))}
        <Form.Item
          name="currency"
          label={t("operatorSetup:partners.fields.currency")}
          extra={t("operatorSetup:partners.help.currency")}
          rules={[zodRule(FIELDS.currency, t)]}
          normalize={(value: string) => value.toUpperCase()}
        >
          <Input maxLength={3} style={{ maxWidth: 120 }} data-testid="partner-currency" />
        </Form.Item>
        <Form.Item
          name="primaryColor"
          label={t("operatorSetup:partners.fields.primaryColor")}
          extra={t("operatorSetup:partners.help.primaryColor")}
          rules={[optionalRule(FIELDS.primaryColor, t)]}
        >
          <ColorField pickLabel={t("operatorSetup:partners.pickColor")} />
        </Form.Item>
        <Form.Item
          name="staffTenantId"
          label={t("operatorSetup:partners.fields.staffTenantId")}
          extra={t("operatorSetup:partners.help.staffTenantId")}
          rules={[optionalRule(FIELDS.staffTenantId, t)]}
        >
          <Input data-testid="partner-staffTenantId" />
        </Form.Item>
        <BrandPreview
          name={name || t("operatorSetup:partners.preview.noName")}
          logo={logo}
          darkLogo={darkLogo}
          color={color}
        />
      </Form>
    </Drawer>
  );
}
