import { createElement, Suspense } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { onDemand, onDemandModule } from "./on-demand";

const Greeting = ({ name }: { name: string }) => createElement("p", null, `Hello ${name}`);
const inSuspense = (element: ReturnType<typeof createElement>) =>
  createElement(Suspense, { fallback: createElement("p", null, "Loading") }, element);

describe("onDemandModule", () => {
  it("asks once however often it is asked for, and has the module once it has come", async () => {
    const load = vi.fn(() => Promise.resolve({ Greeting }));
    const module = onDemandModule(load);
    expect(module.loaded()).toBeUndefined();
    const [a, b] = [module(), module()];
    expect(a).toBe(b);
    await a;
    expect(load).toHaveBeenCalledTimes(1);
    expect(module.loaded()).toEqual({ Greeting });
  });

  it("asks again after a failed request", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce({ Greeting });
    const module = onDemandModule(load);
    await expect(module()).rejects.toThrow("offline");
    expect(module.loaded()).toBeUndefined();
    await expect(module()).resolves.toEqual({ Greeting });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("onDemand", () => {
  it("draws the component in the first render when its module has already come", async () => {
    const module = onDemandModule(() => Promise.resolve({ Greeting }));
    const Component = onDemand(module, (m) => m.Greeting);
    await module();
    expect(renderToStaticMarkup(inSuspense(createElement(Component, { name: "Wes" })))).toBe("<p>Hello Wes</p>");
  });

  it("suspends, as React.lazy does, while its module is on its way", () => {
    const module = onDemandModule(() => new Promise<{ Greeting: typeof Greeting }>(() => {}));
    const Component = onDemand(module, (m) => m.Greeting);
    expect(renderToStaticMarkup(inSuspense(createElement(Component, { name: "Wes" })))).toContain("Loading");
    expect(module.loaded()).toBeUndefined();
  });
});
