import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const SHARED = /node_modules[\\/](lucide-react|@tanstack)[\\/]/;

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Icons and the data hooks are shared by most app pages: one chunk for them rather than a
        // 1 KB chunk per icon, so an app page opens with a handful of requests instead of twenty
        // (each one a round trip on a phone's connection). Those the entry itself needs go in a
        // chunk of their own, so /auth does not download the app pages' icons.
        codeSplitting: {
          groups: [
            { name: "entry-shared", test: SHARED, tags: ["$initial"], priority: 2 },
            { name: "app-shared", test: SHARED, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // `npm run dev` (scripts/dev.mjs) runs the server beside Vite and names its address.
    proxy: { "/api": { target: process.env.DEV_API_URL ?? "http://localhost:3000", changeOrigin: false } },
  },
});
