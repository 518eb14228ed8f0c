import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { createBrowserRouter, RouterProvider } from "react-router";
import { Toaster, TooltipProvider } from "@vicinity/ui";
import "@vicinity/ui/styles.css";
import { appRoutes } from "./routes";
import { createAppQueryClient } from "./query-client";

const router = createBrowserRouter(appRoutes);
const queryClient = createAppQueryClient();

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <RouterProvider router={router} />
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  </StrictMode>,
);
