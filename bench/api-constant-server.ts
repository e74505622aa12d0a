/**
 * The raw limit for bench/api.ts: a bare Fastify server whose POST /constant parses the JSON body
 * and answers a constant envelope. Nothing else: no hooks, no database, no logging.
 */
import Fastify from "fastify";

const app = Fastify({ logger: false });
const ANSWER = { code: 0, msg: "ok", data: { service: "basic", costMicros: "0" } };
app.post("/constant", async () => ANSWER);
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log("ready");
