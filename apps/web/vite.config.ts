import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

const apiTarget = process.env.VICINITY_API ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      "/api": apiTarget,
      "/media": apiTarget,
      "/socket.io": { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    manifest: true,
    rolldownOptions: { treeshake: { moduleSideEffects: (id: string) => (id.includes("/packages/contract/src/") ? false : undefined) } },
  },
});
