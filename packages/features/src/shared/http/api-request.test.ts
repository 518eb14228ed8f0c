import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { ApiError, apiRequest } from "./api-request";

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const url = "http://localhost/api/thing";

describe("apiRequest", () => {
  it("sends JSON and returns the response when OK", async () => {
    server.use(
      http.post(url, async ({ request }) => {
        expect(request.headers.get("content-type")).toBe("application/json");
        return HttpResponse.json({ echoed: await request.json() });
      }),
    );
    const res = await apiRequest("POST", url, { a: 1 });
    expect(await res.json()).toEqual({ echoed: { a: 1 } });
  });

  it("raises '{status}: {body}' on a non-OK answer and exposes the server's message", async () => {
    server.use(http.get(url, () => HttpResponse.json({ message: "Too many attempts" }, { status: 429 })));
    const error = await apiRequest("GET", url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('429: {"message":"Too many attempts"}');
    expect((error as ApiError).serverMessage).toBe("Too many attempts");
  });

  it("falls back to the status text when the body is empty", async () => {
    server.use(http.get(url, () => new HttpResponse(null, { status: 503, statusText: "Service Unavailable" })));
    await expect(apiRequest("GET", url)).rejects.toThrow("503: Service Unavailable");
  });
});
