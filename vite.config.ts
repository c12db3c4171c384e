import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

const API_PORT = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, React DOM and React Router load on every page, whole: one chunk instead of
          // the seven the automatic split made of them, which saves about 5 KB of gzip per page
          // (each chunk repeats its imports and exports and compresses on its own; issue 3).
          groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { "/api": { target: `http://127.0.0.1:${API_PORT}`, changeOrigin: false } },
  },
});
