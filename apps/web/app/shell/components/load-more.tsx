import { Button, Typography } from "antd";

/**
 * The foot of a keyset-paged list: a button that fetches the next page, or, once there is none,
 * a line saying the list ends (nothing when the list is empty: the table says so, nor while a new
 * search loads over the previous rows: shell/http/filtered-list.ts).
 */
export function LoadMore(props: {
  list: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => unknown;
    isPlaceholderData?: boolean;
  };
  shown: number;
  moreLabel: string;
  endLabel: string;
  testId: string;
  /** 0 inside a vertical Space, whose gap already sets the foot apart. */
  marginTop?: number;
}) {
  const { list } = props;
  if (list.isPlaceholderData) return null;
  return (
    <div style={{ textAlign: "center", marginTop: props.marginTop ?? 16 }}>
      {list.hasNextPage ? (
        <Button
          onClick={() => list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          data-testid={props.testId}
        >
          {props.moreLabel}
        </Button>
      ) : props.shown > 0 ? (
        <Typography.Text type="secondary">{props.endLabel}</Typography.Text>
      ) : null}
    </div>
  );
}
