// The global stylesheets load with the client entry (this file is otherwise React Router's
// default entry): in root.tsx they would belong to the chunk that holds the root's modules
// (vite.config.ts, root-base), which lazily loaded chunks import too, and React Router then
// links the stylesheet twice (once as "…css#") on every page.
import "@mantine/core/styles.css";
import "./app.css";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
