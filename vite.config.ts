import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

const API_PORT = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [reactRouter()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { "/api": { target: `http://127.0.0.1:${API_PORT}`, changeOrigin: false } },
  },
});
