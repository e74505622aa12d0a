import type { CardSetup } from "@nc/contracts/auto-top-up";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** POST /api/tenant/recharge/card/setup: Stripe's page where the person saves a card. */
export const setupCard = () => api<CardSetup>("/api/tenant/recharge/card/setup", { method: "POST" });

export const useSetupCard = () => useMutation({ mutationFn: setupCard });
