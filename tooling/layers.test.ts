import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "layers/one-way").map((m) => m.message);
}

describe("lint enforces the layers", () => {
  it.each([
    [
      "packages/ui/src/components/x.tsx",
      'import { LandingPage } from "@vicinity/features/landing";\nexport const X = LandingPage;',
    ],
    ["packages/ui/src/components/x.tsx", 'import { X } from "../../../features/src/landing";\nexport const Y = X;'],
    [
      "packages/features/src/landing/x.ts",
      'import { appRoutes } from "../../../../apps/web/src/routes";\nexport const Y = appRoutes;',
    ],
    ["packages/features/src/landing/x.ts", 'import { Y } from "@vicinity/web";\nexport const Z = Y;'],
    [
      "packages/features/src/shell/x.ts",
      'import { useDemoActivity } from "../landing/model/use-demo-activity";\nexport const Z = useDemoActivity;',
    ],
    [
      "packages/features/src/shell/x.ts",
      'import { useDemoActivity } from "@vicinity/features/landing/model/use-demo-activity";\nexport const Z = useDemoActivity;',
    ],
    [
      "apps/web/src/x.ts",
      'import { Y } from "@vicinity/features/landing/components/landing-page";\nexport const Z = Y;',
    ],
    ["apps/server/src/x.ts", 'import { Button } from "@vicinity/ui";\nexport const Z = Button;'],
    ["packages/contract/src/x.ts", 'import { Button } from "@vicinity/ui";\nexport const Z = Button;'],
  ])("refuses a forbidden import in %s", async (file, code) => {
    expect(await layerErrors(file, code)).toHaveLength(1);
  });

  it.each([
    [
      "packages/ui/src/components/x.tsx",
      'import { PRODUCT_NAME } from "@vicinity/contract";\nimport { cn } from "../lib/cn";\nexport const X = [PRODUCT_NAME, cn];',
    ],
    [
      "packages/features/src/shell/x.ts",
      'import { LandingPage } from "@vicinity/features/landing";\nimport { Button } from "@vicinity/ui";\nexport const Z = [LandingPage, Button];',
    ],
    [
      "packages/features/src/landing/components/x.ts",
      'import { SAMPLE_PEOPLE } from "../model/demo-activity";\nexport const Z = SAMPLE_PEOPLE;',
    ],
    [
      "packages/features/src/shell/shell.stories.tsx",
      'import { sessionHandlers } from "../../../../mocks/handlers";\nexport const Z = sessionHandlers;',
    ],
    ["apps/web/src/x.ts", 'import { RootScreen } from "@vicinity/features/shell";\nexport const Z = RootScreen;'],
  ])("allows a permitted import in %s", async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
