import Fastify, { type FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import type { Session } from "../auth/sessions";
import { HttpError } from "./errors";
import { collectRoutes, routeGroup } from "./route-groups";

/** A bare app whose session comes from a test header, with one route in each group. */
async function appWithGroups() {
  const app = Fastify();
  const table = collectRoutes(app);
  app.decorateRequest("session", null);
  app.addHook("onRequest", async (request: FastifyRequest) => {
    const who = request.headers["x-who"];
    const user = { id: "u", accountRole: who === "admin" ? "admin" : "member" } as unknown as Extract<
      Session,
      { kind: "member" }
    >["user"];
    request.session =
      who === "guest"
        ? { kind: "guest", idHash: "g", guestId: "anon_g", guestAge: 25 }
        : who
          ? { kind: "member", idHash: "m", user }
          : null;
  });
  app.setErrorHandler(
    (error, _request, reply) =>
      void reply
        .status(error instanceof HttpError ? error.statusCode : 500)
        .send({ message: error instanceof Error ? error.message : "?" }),
  );
  let bodyRead = false;
  for (const access of ["open", "session", "member", "admin"] as const) {
    await routeGroup(app, access, (group) => {
      group.post(`/${access}`, async (request) => {
        bodyRead = request.body !== undefined;
        return { ok: true };
      });
    });
  }
  return { app, table, bodyRead: () => bodyRead };
}

describe("route groups", () => {
  it("guard every route by its group, before its body is read", async () => {
    const { app, bodyRead } = await appWithGroups();
    const status = async (path: string, who?: string) =>
      (await app.inject({ method: "POST", url: path, headers: who ? { "x-who": who } : {}, payload: { x: 1 } }))
        .statusCode;
    const expected = {
      "/open": [200, 200, 200, 200],
      "/session": [401, 200, 200, 200],
      "/member": [401, 403, 200, 200],
      "/admin": [401, 403, 403, 200],
    };
    for (const [path, statuses] of Object.entries(expected)) {
      expect(await Promise.all([undefined, "guest", "member", "admin"].map((who) => status(path, who))), path).toEqual(
        statuses,
      );
    }
    const refused = await app.inject({
      method: "POST",
      url: "/admin",
      headers: { "x-who": "member" },
      payload: { x: 1 },
    });
    expect(refused.json()).toEqual({ message: "Only admins may do this" });
    expect(bodyRead()).toBe(true); // (read by the allowed calls only)
  });

  it("list every route with its group", async () => {
    const { app, table } = await appWithGroups();
    await app.ready();
    expect(table()).toEqual([
      { method: "POST", url: "/open", access: "open" },
      { method: "POST", url: "/session", access: "session" },
      { method: "POST", url: "/member", access: "member" },
      { method: "POST", url: "/admin", access: "admin" },
    ]);
  });
});
