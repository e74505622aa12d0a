import { Select } from "antd";
import { useTimezones } from "../../lookup";

/** IANA time zones with their current offset, searchable. */
export function TimezoneSelect(props: {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
}) {
  const zones = useTimezones();
  return (
    <Select
      id={props.id}
      showSearch
      value={props.value}
      onChange={props.onChange}
      disabled={props.disabled}
      loading={zones.isPending}
      optionFilterProp="label"
      options={(zones.data ?? []).map((z) => ({ value: z.code, label: `(UTC${z.offset}) ${z.code}` }))}
    />
  );
}
