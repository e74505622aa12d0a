import type { OperatorUserPage, OperatorUserView } from "@nc/contracts/operator";
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { keepWhileFiltering } from "../../../shell/http/filtered-list";

export const USER_PAGE_SIZE = 25;

/** GET /api/operator/users?q=: accounts by e-mail, name or id, one keyset page. */
export const searchUsers = (q: string, cursor?: string | null) =>
  api<OperatorUserPage>("/api/operator/users", {
    query: { q: q || undefined, cursor: cursor ?? undefined, limit: USER_PAGE_SIZE },
  });

export const usersQuery = (q: string) => {
  const queryKey = ["operator", "users", "search", q];
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => searchUsers(q, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepWhileFiltering(queryKey),
  });
};

export const useUsers = (q: string) => useInfiniteQuery(usersQuery(q));

/** GET /api/operator/users/:id: one account, its organisations, sessions and operator rights. */
export const getUser = (id: string) => api<OperatorUserView>(`/api/operator/users/${encodeURIComponent(id)}`);

export const userQuery = (id: string) =>
  queryOptions({ queryKey: ["operator", "users", "one", id], queryFn: () => getUser(id) });

export const useUser = (id: string) => useQuery(userQuery(id));
